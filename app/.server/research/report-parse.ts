// A deep-research model's Markdown answer as a ResearchReport: `# ` title, the paragraphs before the first `## ` as
// the summary, each `## ` as a section; every url_citation annotation becomes a numbered source (one per address, in
// order of first citation) and its inline link in the text becomes "[n]". The quote a source is checked against is
// the double-quoted phrase the instructions ask for before each citation, else the sentence the citation ends.
import type OpenAI from "openai";
import type { ResearchReport, ResearchSection, ResearchSource } from "./report";

/** At most this many sources; later citations of new pages keep their text but get no number. */
const MAX_SOURCES = 50;
const MAX_QUOTE_CHARS = 400;

interface Citation {
  start: number;
  end: number;
  url: string;
  title: string;
}

function httpUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The words a citation vouches for: the last double-quoted phrase before it in its sentence, else that sentence. */
export function quoteBefore(text: string, position: number): string {
  const before = text.slice(0, position);
  const sentenceStart = Math.max(before.lastIndexOf(". ") + 1, before.lastIndexOf("\n") + 1, before.lastIndexOf("] ") + 1, 0);
  const sentence = before.slice(sentenceStart);
  const quoted = [...sentence.matchAll(/["“”„«]([^"“”„«»]{3,})["“”»]/g)].pop()?.[1];
  const plain = (quoted ?? sentence)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>|]/g, " ")
    .replace(/[(\s]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.slice(0, MAX_QUOTE_CHARS);
}

/** The answer's text with each citation replaced by "[n]", and the numbered sources. */
export function numberCitations(text: string, citations: Citation[]): { text: string; sources: ResearchSource[] } {
  const byUrl = new Map<string, ResearchSource>();
  const ordered = citations
    .filter((citation) => citation.start >= 0 && citation.end > citation.start && citation.end <= text.length)
    .sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let cursor = 0;
  for (const citation of ordered) {
    if (citation.start < cursor) continue;
    const url = httpUrl(citation.url);
    if (!url) continue;
    let source = byUrl.get(url);
    if (!source && byUrl.size < MAX_SOURCES) {
      const site = new URL(url).hostname.replace(/^www\./, "");
      source = {
        n: byUrl.size + 1,
        url,
        title: citation.title.replace(/\s+/g, " ").trim() || site,
        site,
        date: null,
        quote: quoteBefore(text, citation.start),
      };
      byUrl.set(url, source);
    }
    pieces.push(text.slice(cursor, citation.start), source ? `[${source.n}]` : "");
    cursor = citation.end;
  }
  pieces.push(text.slice(cursor));
  // "([1])" as the model wrapped its link in parentheses reads better as "[1]".
  const numbered = pieces.join("").replace(/\(\s*(\[\d+\])\s*\)/g, "$1");
  return { text: numbered, sources: [...byUrl.values()] };
}

/** Title, summary and sections of the numbered Markdown. */
export function splitReport(markdown: string): { title: string; summary: string; sections: ResearchSection[] } {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  let title = "";
  const summary: string[] = [];
  const sections: ResearchSection[] = [];
  for (const line of lines) {
    const heading = /^(#{1,2})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading?.[1] === "#" && !title && sections.length === 0) {
      title = heading[2] ?? "";
    } else if (heading?.[1] === "##") {
      sections.push({ heading: heading[2] ?? "", markdown: "" });
    } else if (sections.length > 0) {
      const section = sections[sections.length - 1]!;
      section.markdown += `${line}\n`;
    } else {
      summary.push(line);
    }
  }
  for (const section of sections) section.markdown = section.markdown.trim();
  return { title: title.trim(), summary: summary.join("\n").trim(), sections };
}

/** The report in a response's output, or undefined when it has no text yet. */
export function reportFromResponse(response: OpenAI.Responses.Response, language: "en" | "tr", incomplete: boolean): ResearchReport | undefined {
  let text = "";
  const citations: Citation[] = [];
  for (const item of response.output) {
    if (item.type !== "message") continue;
    for (const part of item.content) {
      if (part.type !== "output_text") continue;
      const offset = text.length;
      for (const annotation of part.annotations) {
        if (annotation.type !== "url_citation") continue;
        citations.push({ start: offset + annotation.start_index, end: offset + annotation.end_index, url: annotation.url, title: annotation.title });
      }
      text += part.text;
    }
  }
  if (!text.trim()) return undefined;
  const numbered = numberCitations(text, citations);
  const { title, summary, sections } = splitReport(numbered.text);
  return {
    title: title || summary.split("\n")[0]?.slice(0, 120) || "",
    summary,
    sections,
    sources: numbered.sources,
    incomplete,
    language,
  };
}
