// The own research loop with real providers (docs/decisions/0046-own-research-loop.md): for one plan item it
// searches (web-find.ts: OpenAI's web_search tool or Brave), reads up to PAGES_PER_STEP of the pages found with the
// source check's safe public reader (a page that does not load is skipped), and has the chat model (ask-model.ts)
// note findings citing the pages as [[k]], each page with a sentence quoted from it for the source check; the last
// step has the model write the report's sections, one per plan item, from the notes. A model answer that is not the
// JSON asked for falls back to what the demo does (each page's first sentence; the report composed from the notes),
// so only a failed call ends a research early.
import * as z from "zod";
import type { AppEnv } from "../env";
import { fill } from "../horoscope/words";
import { resources } from "../i18n";
import { askJson, languageName, ownLoopTarget } from "./ask-model";
import { composeReport, firstSentence, plainText, type ReadPage, type ResearchLanguage, type ResearchNote } from "./compose";
import { PAGES_PER_STEP, type LoopProvider } from "./loop";
import type { ResearchReport } from "./report";
import { loadPageText } from "./source-check";
import { findPages } from "./web-find";

/** Of each page read, at most this much text goes to the model. */
const PAGE_TEXT_CHARS = 6_000;
const MAX_FINDINGS = 8;
const FINDING_MAX_CHARS = 600;
const QUOTE_MAX_CHARS = 400;
const SUMMARY_MAX_CHARS = 1_500;
const SECTION_MAX_CHARS = 4_000;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Model text as report Markdown: no headings or HTML of its own, its [[k]] markers kept when k names a page. */
function safeFinding(text: string, pageCount: number): string {
  return text
    .slice(0, FINDING_MAX_CHARS)
    .split(/(\[\[\d+\]\])/)
    .map((piece) => {
      const marker = /^\[\[(\d+)\]\]$/.exec(piece);
      if (marker) return Number(marker[1]) >= 1 && Number(marker[1]) <= pageCount ? piece : "";
      return plainText(piece);
    })
    .join("")
    .trim();
}

const noteSchema = z.object({
  findings: z.array(z.string().min(1)).min(1),
  quotes: z.array(z.string()).default([]),
});

const reportSchema = z.object({
  title: z.string().min(1),
  summary: z.string().default(""),
  sections: z.array(z.object({ markdown: z.string() })),
});

interface PageRead {
  page: ReadPage;
  text: string;
}

async function readPages(env: AppEnv, item: string): Promise<PageRead[]> {
  const read: PageRead[] = [];
  for (const found of await findPages(env, item)) {
    if (read.length >= PAGES_PER_STEP) break;
    const text = (await loadPageText(found.url))?.replace(/\s+/g, " ").trim();
    if (!text) continue;
    read.push({ page: { ...found, quote: firstSentence(text).slice(0, QUOTE_MAX_CHARS) }, text: text.slice(0, PAGE_TEXT_CHARS) });
  }
  return read;
}

function noteSystem(language: ResearchLanguage): string {
  return [
    "You take the notes of a deep web research, from the pages given. Answer only with a JSON object:",
    '{"findings": ["...", ...], "quotes": ["...", ...]}.',
    `"findings": 1 to ${MAX_FINDINGS} short findings in ${languageName(language)} that answer the question, only from the pages,`,
    "each ending with the page it comes from as [[k]] (k is the page's number). Say so when the pages do not answer it.",
    '"quotes": for each page in order, one sentence copied word for word from that page that supports its findings.',
  ].join("\n");
}

async function note(env: AppEnv, item: string, language: ResearchLanguage): Promise<ResearchNote> {
  const target = ownLoopTarget(env);
  if (!target) throw new Error("deep research has no chat model configured");
  const read = await readPages(env, item);
  const strings = resources[language].search.research;
  if (read.length === 0) return { item, pages: [], findings: [strings.nothingFound] };
  const pagesText = read.map(({ page, text }, index) => `Page [[${index + 1}]]: ${page.title} (${page.url})\n${text}`).join("\n\n");
  const answer = await askJson(target, noteSystem(language), `Question: ${item}\n\n${pagesText}`, noteSchema);
  const pages = read.map(({ page }, index) => {
    const quote = answer?.quotes[index]?.replace(/\s+/g, " ").trim().slice(0, QUOTE_MAX_CHARS);
    // The model's quote, when it gave one, is what the source check looks for on the page (and says so if absent).
    return quote ? { ...page, quote } : page;
  });
  const findings = (answer?.findings ?? [])
    .slice(0, MAX_FINDINGS)
    .map((finding) => safeFinding(finding, pages.length))
    .filter(Boolean);
  if (findings.length > 0) return { item, pages, findings };
  const template = strings.noteFrom;
  return {
    item,
    pages,
    findings: pages.map((page, index) => `${fill(template, { site: plainText(page.site), finding: plainText(page.quote) })} [[${index + 1}]]`),
  };
}

function writeSystem(language: ResearchLanguage, sections: number): string {
  return [
    `Write the final report of a deep web research in ${languageName(language)}, from its notes. Answer only with a JSON object:`,
    '{"title": "...", "summary": "...", "sections": [{"markdown": "..."}, ...]}.',
    `"title": a short title. "summary": two to four sentences. "sections": exactly ${sections}, one per plan item in the notes' order,`,
    "each Markdown without headings, citing the numbered sources as [n] after each claim, only from the notes;",
    "a Markdown table where the material is tabular; say where sources disagree or where nothing reliable was found.",
  ].join("\n");
}

/** Section Markdown from the model: no headings or raw HTML, and no citation of a number the report does not have. */
function safeSection(markdown: string, sourceCount: number): string {
  return markdown
    .replace(/<[^>]*>/g, "")
    .replace(/^\s*#{1,6}\s+/gm, "")
    .replace(/\[(\d+)\](?!\()/g, (whole, n: string) => (Number(n) >= 1 && Number(n) <= sourceCount ? whole : ""))
    .trim()
    .slice(0, SECTION_MAX_CHARS);
}

async function write(env: AppEnv, question: string, notes: ResearchNote[], language: ResearchLanguage): Promise<ResearchReport> {
  // The composed report numbers the sources once across the report; the model writes over those numbers.
  const composed = composeReport({ question, notes, language, incomplete: false, demo: false });
  if (notes.length === 0) return composed;
  const target = ownLoopTarget(env);
  if (!target) throw new Error("deep research has no chat model configured");
  const notesText = composed.sections.map((section, index) => `Plan item ${index + 1}: ${section.heading}\n${section.markdown}`).join("\n\n");
  const sourcesText = composed.sources.map((source) => `[${source.n}] ${source.title} (${source.site})`).join("\n");
  const answer = await askJson(
    target,
    writeSystem(language, notes.length),
    `Question: ${question}\n\nNotes:\n${notesText}\n\nSources:\n${sourcesText}`,
    reportSchema,
  );
  if (!answer || answer.sections.length !== notes.length) {
    console.error("research: the model's report was not the JSON asked for; composing it from the notes");
    return composed;
  }
  return {
    ...composed,
    // Plain text: the message, the Markdown and the PDF exports escape title and summary themselves.
    title: oneLine(answer.title).slice(0, 200) || composed.title,
    summary: oneLine(answer.summary).slice(0, SUMMARY_MAX_CHARS) || composed.summary,
    sections: notes.map((noted, index) => ({
      heading: noted.item,
      markdown: safeSection(answer.sections[index]!.markdown, composed.sources.length) || composed.sections[index]!.markdown,
    })),
  };
}

/** The own loop on the env's providers (a new one per step: steps.ts reads the env at each wake). */
export function ownLoopProvider(env: AppEnv): LoopProvider {
  return {
    note: (item, _step, language) => note(env, item, language),
    write: (question, notes, language) => write(env, question, notes, language),
  };
}
