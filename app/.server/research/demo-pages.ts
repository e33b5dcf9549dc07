// The pages the demo provider "reads" (decision 0043): with no key the own loop searches and
// reads these instead of the web, so plan, progress, report, source checks and export all work offline. One page is
// gone by the time its source is checked (404) and one is quoted with words its text lacks, so the check marks both.
export interface DemoPage {
  slug: string;
  title: string;
  site: string;
  date: string;
  text: string;
  /** The check finds nothing there any more (answers 404). */
  gone?: true;
  /** The words a report quotes from it, when they are not in its text (the check marks the source). */
  misquote?: string;
}

export const DEMO_HOST = "research-demo.invalid";

export const demoPageUrl = (slug: string) => `https://${DEMO_HOST}/${slug}`;

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    slug: "overview",
    title: "An overview of the topic",
    site: "encyclopedia.research-demo.invalid",
    date: "2025-03-14",
    text: "Most questions have a short history, a set of key terms and a few open debates. A good overview defines the terms first and then names the main sources.",
  },
  {
    slug: "archived-report",
    title: "An archived report",
    site: "archive.research-demo.invalid",
    date: "2023-05-05",
    text: "This archived report summarised early surveys and recommended more measurement.",
    gone: true,
  },
  {
    slug: "history",
    title: "A short history",
    site: "history.research-demo.invalid",
    date: "2024-11-02",
    text: "The subject changed in three phases. Early work was descriptive. Later work measured outcomes. Recent work compares regions and costs.",
  },
  {
    slug: "opinion",
    title: "An opinion column",
    site: "news.research-demo.invalid",
    date: "2025-02-11",
    text: "The columnist argues that the topic gets too little attention and asks for public debate.",
    misquote: "the topic is settled and needs no further study",
  },
  {
    slug: "statistics",
    title: "Figures and statistics",
    site: "data.research-demo.invalid",
    date: "2025-06-30",
    text: "Published figures vary by region. The median estimate rose 12 percent over five years. Surveys cover about 40 countries.",
  },
  {
    slug: "comparison",
    title: "Comparing the main options",
    site: "review.research-demo.invalid",
    date: "2025-01-20",
    text: "Option A is cheaper to start. Option B lasts longer. Option C is the most widely available. Reviewers rank them differently by use.",
  },
  {
    slug: "debate",
    title: "Where experts disagree",
    site: "journal.research-demo.invalid",
    date: "2024-09-09",
    text: "Experts disagree on long-term effects. Some studies find strong benefits, others find small ones. Sample sizes are often small.",
  },
  {
    slug: "outlook",
    title: "Outlook for the next decade",
    site: "futures.research-demo.invalid",
    date: "2025-08-01",
    text: "Forecasts expect steady growth. Regulation and prices are the main uncertainties. Better data collection is planned.",
  },
];

/** The demo's "search": `count` pages from the `offset`th on, so each step of a research reads different ones. */
export function searchDemoPages(count: number, offset: number): DemoPage[] {
  return Array.from({ length: Math.min(count, DEMO_PAGES.length) }, (_, index) => DEMO_PAGES[(offset + index) % DEMO_PAGES.length]!);
}

/** The demo site as a fetch: a page's text as HTML, a gone page or any other URL a 404 (what the source check fetches). */
export async function fetchDemoPage(url: string): Promise<Response> {
  const page = DEMO_PAGES.find((candidate) => demoPageUrl(candidate.slug) === url);
  if (!page || page.gone) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const html = `<!doctype html><title>${page.title}</title><h1>${page.title}</h1><p>${page.text}</p>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
