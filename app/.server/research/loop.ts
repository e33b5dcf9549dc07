// The app's own research loop (decision 0043): one plan item per step, search then read then
// note, and a last step that writes the report. A provider is what searches and reads; the demo provider reads the
// local pages of demo-pages.ts, so the loop runs offline. Each step's result is stored with its charge by the caller.
import { fill } from "../horoscope/words";
import { resources } from "../i18n";
import { composeReport, firstSentence, plainText, type ReadPage, type ResearchLanguage, type ResearchNote } from "./compose";
import { DEMO_PAGES, demoPageUrl, fetchDemoPage, searchDemoPages } from "./demo-pages";
import type { ResearchReport } from "./report";

/** Pages read for one plan item. */
export const PAGES_PER_STEP = 2;

export interface LoopProvider {
  /** Searches for `item` and reads what it found: the step's note (may throw: the research then ends incomplete). */
  note(item: string, step: number, language: ResearchLanguage): Promise<ResearchNote>;
  /** Writes the report from the notes. */
  write(question: string, notes: ResearchNote[], language: ResearchLanguage): Promise<ResearchReport>;
  /** What the source check fetches with (demo: the local pages; undefined: the checker's own safe public fetch). */
  fetchPage?: (url: string) => Promise<Response>;
}

/** The demo provider: reads PAGES_PER_STEP local pages per item and notes each one's first sentence. */
export const demoProvider: LoopProvider = {
  async note(item, step, language) {
    const found = searchDemoPages(PAGES_PER_STEP, step * PAGES_PER_STEP);
    const pages: ReadPage[] = [];
    for (const page of found) {
      // Read as the web would be: a page that does not load is not noted.
      const live = DEMO_PAGES.includes(page) && (page.gone || (await fetchDemoPage(demoPageUrl(page.slug))).ok);
      if (!live) continue;
      const quote = page.misquote ?? firstSentence(page.text);
      pages.push({ url: demoPageUrl(page.slug), title: page.title, site: page.site, date: page.date, quote });
    }
    const template = resources[language].search.research.noteFrom;
    const findings = pages.map((page, index) => `${fill(template, { site: plainText(page.site), finding: plainText(page.quote) })} [[${index + 1}]]`);
    return { item, pages, findings };
  },
  async write(question, notes, language) {
    return composeReport({ question, notes, language, incomplete: false, demo: true });
  },
  fetchPage: fetchDemoPage,
};
