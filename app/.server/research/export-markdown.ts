// A deep research report as a Markdown file (the "Export Markdown" download): title, summary, the sections as the
// model wrote them (their tables and [n] citations kept), then the numbered sources, each with title, site, date and
// address, and "could not be checked" beside those the source check could not confirm. Text that came from the model
// as plain text (title, summary, headings, source titles) is escaped so it cannot turn into links, HTML or headings.
import { reportStrings } from "./report-strings";
import type { ResearchReport, ResearchSource } from "./report";

/** Plain text safe inside a Markdown line: every character Markdown could read as syntax is backslash-escaped. */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>()#+!|~]/g, (char) => `\\${char}`)
    .replace(/^(\s*)(-|\d+(?=[.)]))/gm, (_all, space: string, mark: string) => `${space}\\${mark}`);
}

/** One line of plain text (a title or heading): no line breaks inside. */
function oneLine(text: string): string {
  return escapeMarkdownText(text.replace(/\s+/g, " ").trim());
}

/** An address as an autolink: characters that would end it or break the line are percent-encoded. */
function autolink(url: string): string {
  return `<${url.replace(/[<>\s]/g, (char) => encodeURIComponent(char))}>`;
}

function sourceLine(source: ResearchSource, unchecked: string): string {
  const parts = [oneLine(source.title) || oneLine(source.site), oneLine(source.site)];
  if (source.date) parts.push(oneLine(source.date));
  parts.push(autolink(source.url));
  const mark = source.check === "unchecked" ? ` *(${unchecked})*` : "";
  return `- \\[${source.n}\\] ${parts.join(" — ")}${mark}`;
}

export function reportToMarkdown(report: ResearchReport): string {
  const strings = reportStrings(report.language);
  const blocks: string[] = [`# ${oneLine(report.title)}`];
  const summary = report.summary.trim();
  if (summary) blocks.push(escapeMarkdownText(summary));
  if (report.incomplete) blocks.push(`*${strings.incomplete}*`);
  for (const section of report.sections) {
    blocks.push(`## ${oneLine(section.heading)}`);
    const body = section.markdown.trim();
    if (body) blocks.push(body);
  }
  if (report.sources.length > 0) {
    const sorted = [...report.sources].sort((a, b) => a.n - b.n);
    blocks.push(`## ${strings.sources}`, sorted.map((source) => sourceLine(source, strings.unchecked)).join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}
