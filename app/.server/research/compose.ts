// The own loop's notes and report (decision 0043): what one step keeps of the pages it read,
// the report written from the notes (sections following the plan, a table of findings, numbered citations [n]) and
// the report as the thread's answer message (title, summary, sections, "Sources" with "could not be checked").
import { resources } from "../i18n";
import { fill } from "../horoscope/words";
import type { ResearchReport, ResearchSource } from "./report";

export type ResearchLanguage = "en" | "tr";

/** A page a step read: what the report may cite. */
export type ReadPage = Omit<ResearchSource, "n" | "check">;

/** One plan item's note: the pages read for it and its findings, citing them as [[k]] (the k-th page, from 1). */
export interface ResearchNote {
  item: string;
  pages: ReadPage[];
  findings: string[];
}

/** Bounds that keep a research's rows small (decision 0043, "Bounds"). */
export const NOTE_MAX_CHARS = 4_000;
export const REPORT_MAX_CHARS = 64_000;

const strings = (language: ResearchLanguage) => resources[language].search.research;

/**
 * What a note quotes from a page: its first sentence of at least 20 characters (so "Dr." or "1." does not end it), or
 * its first 200 characters when it has none. The source check later looks for these words on the live page.
 */
export function firstSentence(text: string): string {
  return (text.match(/^.{20,}?[.!?](\s|$)/u)?.[0] ?? text.slice(0, 200)).trim();
}

/** Markdown text from a page or a person, with nothing that could start a link, heading, table or HTML. */
export function plainText(value: string): string {
  return value
    .replace(/\s+/g, " ")
    .replace(/[\\`*_[\]<>#|]/g, (char) => `\\${char}`)
    .trim();
}

/** Writes the report from the notes: one section per noted plan item, each source numbered once across the report. */
export function composeReport(input: {
  question: string;
  notes: ResearchNote[];
  language: ResearchLanguage;
  incomplete: boolean;
  demo: boolean;
}): ResearchReport {
  const { question, notes, language, incomplete, demo } = input;
  const s = strings(language);
  const sources: ResearchSource[] = [];
  const numberOf = (page: ReadPage) => {
    const known = sources.find((source) => source.url === page.url);
    if (known) return known.n;
    sources.push({ ...page, n: sources.length + 1 });
    return sources.length;
  };
  const sections = notes.map((note) => {
    const numbers = note.pages.map(numberOf);
    const cite = (text: string) => text.replace(/\[\[(\d+)\]\]/g, (_, k: string) => `[${numbers[Number(k) - 1] ?? "?"}]`);
    const lines = note.findings.map((finding) => cite(finding));
    const table =
      note.pages.length > 1
        ? [
            "",
            `| ${s.tableSource} | ${s.tableFinding} |`,
            "| --- | --- |",
            ...note.pages.map((page, index) => `| [${numbers[index]}] ${plainText(page.site)} | ${plainText(page.quote)} |`),
          ]
        : [];
    return { heading: note.item, markdown: [...lines, ...table].join("\n").slice(0, NOTE_MAX_CHARS) };
  });
  const summary = [
    fill(s.reportSummary, { items: String(notes.length), sources: String(sources.length) }),
    ...(demo ? [s.demoSummary] : []),
    ...(incomplete ? [s.incomplete] : []),
  ].join(" ");
  return { title: fill(s.reportTitle, { question: question.slice(0, 120) }), summary, sections, sources, incomplete, language };
}

/** A link target that cannot break out of Markdown's parentheses. */
const href = (url: string) => url.replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/ /g, "%20");

/** The report as the thread's answer: rendered like every answer, found by search, exported with the chats. */
export function reportMessage(report: ResearchReport): string {
  const s = strings(report.language);
  const parts = [`## ${plainText(report.title)}`, plainText(report.summary)];
  for (const section of report.sections) parts.push(`### ${plainText(section.heading)}`, section.markdown);
  const sources = report.sources.map((source) => {
    const meta = [plainText(source.site), source.date].filter(Boolean).join(", ");
    const mark = source.check === "unchecked" ? ` — ${s.unchecked}` : "";
    return `${source.n}. [${plainText(source.title) || plainText(source.site)}](${href(source.url)}) (${meta})${mark}`;
  });
  if (sources.length > 0) parts.push(`### ${s.sourcesHeading}`, sources.join("\n"));
  return parts.join("\n\n").slice(0, REPORT_MAX_CHARS);
}

/** The demo provider's plan: five questions built from the question's own words, in the person's language. */
export function demoPlan(question: string, language: ResearchLanguage): string[] {
  const topic = question
    .replace(/[?？!.]+$/u, "")
    .trim()
    .slice(0, 200);
  const templates = strings(language).planDemo;
  return [templates.what, templates.history, templates.figures, templates.compare, templates.debate].map((template) => fill(template, { topic }));
}
