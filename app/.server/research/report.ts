// A deep research's report (issue "Deep research"): the shape the research loop writes, the message shows, the source
// check marks and the Markdown and PDF exports read. Kept in one place so those four agree.

/** One numbered source the report cites as [n]. */
export interface ResearchSource {
  /** The number the report's text cites, from 1. */
  n: number;
  url: string;
  title: string;
  /** The site's host name as shown, e.g. "example.org". */
  site: string;
  /** The page's date when it has one (ISO date), else null. */
  date: string | null;
  /** Words the report took from the page; the check looks for them in the fetched page. */
  quote: string;
  /** After the check: "checked" when the page loaded and holds the quote, "unchecked" when not; absent before. */
  check?: "checked" | "unchecked";
}

/** A section follows one item of the approved plan; its Markdown may hold tables and cites sources as [n]. */
export interface ResearchSection {
  heading: string;
  markdown: string;
}

export interface ResearchReport {
  title: string;
  /** A short summary shown first. */
  summary: string;
  sections: ResearchSection[];
  sources: ResearchSource[];
  /** The research ended early (a provider failure, the time or step bound, a cancel) with the sections it had. */
  incomplete: boolean;
  language: "en" | "tr";
}
