// The own loop's search (docs/decisions/0046-own-research-loop.md): pages found for one plan item, through OpenAI's
// Responses API with its web_search tool when OpenAI is configured (the pages its answer cites, as web search's
// url_citation annotations: ai/web-search.ts), else through the Brave Search API when BRAVE_SEARCH_API_KEY is set.
// Only addresses the URL rule allows are kept (research/source-url.ts): what is found is what may be read.
import * as z from "zod";
import { MODELS } from "../../lib/models";
import { configuredString, resolveTarget } from "../ai/providers";
import { clientFor } from "../ai/upstream";
import { SourceList } from "../ai/web-search";
import type { AppEnv } from "../env";
import { isFetchableSourceUrl } from "./source-url";

export const BRAVE_DEFAULT_BASE_URL = "https://api.search.brave.com/res/v1";
/** One search must not hold the account object's alarm for the SDK's two minutes. */
const SEARCH_TIMEOUT_MS = 30_000;
/** Results asked for: more than the pages read, since some are refused or do not load. */
export const SEARCH_RESULTS = 6;

export interface FoundPage {
  url: string;
  title: string;
  site: string;
  /** ISO date (YYYY-MM-DD) when the search knows the page's age. */
  date: string | null;
}

/**
 * The OpenAI model that searches: the catalogue's first fast OpenAI model (gpt-4o-mini, web search's model below Pro,
 * search/turn.ts; not imported from there, which would close an import circle through the account object).
 */
const SEARCH_MODEL = MODELS.find((model) => model.provider === "openai" && model.tier === "fast")?.id ?? "gpt-4o-mini";

/** The OpenAI target the own loop searches with, or null when OpenAI is not configured. */
function openAiSearchTarget(env: AppEnv) {
  const target = resolveTarget(env, SEARCH_MODEL);
  return target?.kind === "openai-compatible" ? target : null;
}

/** Which search the own loop has: OpenAI's web_search tool first, then Brave; null when neither is configured. */
export function webFinderFor(env: AppEnv): "openai" | "brave" | null {
  if (openAiSearchTarget(env)) return "openai";
  return configuredString(env, "BRAVE_SEARCH_API_KEY") ? "brave" : null;
}

const siteOf = (url: string) => new URL(url).hostname.replace(/^www\./, "");

function isoDate(raw: string | undefined): string | null {
  if (!raw) return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

const braveSchema = z.object({
  web: z
    .object({
      results: z
        .array(
          z.object({
            title: z.string().default(""),
            url: z.string(),
            page_age: z.string().optional(),
            age: z.string().optional(),
            meta_url: z.object({ hostname: z.string().optional() }).optional(),
          }),
        )
        .default([]),
    })
    .optional(),
});

async function findWithBrave(env: AppEnv, query: string, count: number): Promise<FoundPage[]> {
  const base = (configuredString(env, "BRAVE_SEARCH_BASE_URL") ?? BRAVE_DEFAULT_BASE_URL).replace(/\/$/, "");
  const url = new URL(`${base}/web/search`);
  url.searchParams.set("q", query.slice(0, 400));
  url.searchParams.set("count", String(count));
  const response = await fetch(url, {
    headers: { accept: "application/json", "X-Subscription-Token": configuredString(env, "BRAVE_SEARCH_API_KEY") ?? "" },
    signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
  });
  // A refused key, a spent quota or an outage ends the step as a provider failure (steps.ts).
  if (!response.ok) throw new Error(`Brave search answered ${response.status}`);
  const parsed = braveSchema.parse(await response.json());
  return (parsed.web?.results ?? []).map((result) => ({
    url: result.url,
    title: result.title.replace(/<[^>]*>/g, "").trim(),
    site: result.meta_url?.hostname?.replace(/^www\./, "") ?? "",
    date: isoDate(result.page_age),
  }));
}

async function findWithOpenAi(env: AppEnv, query: string): Promise<FoundPage[]> {
  const target = openAiSearchTarget(env);
  if (!target) return [];
  const response = await clientFor(target).responses.create(
    {
      model: target.model,
      tools: [{ type: "web_search" }],
      input: `Search the web for pages that answer this, and cite each page you use: ${query}`,
    },
    { timeout: SEARCH_TIMEOUT_MS },
  );
  const sources = new SourceList();
  sources.addFromResponse(response);
  return sources.list().map((source) => ({ url: source.url, title: source.title, site: "", date: null }));
}

/** Up to `count` public HTTPS pages for `query`, in the search's order, each address once. */
export async function findPages(env: AppEnv, query: string, count = SEARCH_RESULTS): Promise<FoundPage[]> {
  const finder = webFinderFor(env);
  if (!finder) throw new Error("deep research has no web search configured");
  const found = finder === "openai" ? await findWithOpenAi(env, query) : await findWithBrave(env, query, count);
  const seen = new Set<string>();
  const pages: FoundPage[] = [];
  for (const page of found) {
    if (!isFetchableSourceUrl(page.url)) continue;
    const url = new URL(page.url).href;
    if (seen.has(url)) continue;
    seen.add(url);
    const title = page.title.replace(/\s+/g, " ").trim().slice(0, 300);
    pages.push({ ...page, url, site: page.site || siteOf(url), title: title || siteOf(url) });
    if (pages.length >= count) break;
  }
  return pages;
}
