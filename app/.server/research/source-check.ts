// After a report is written, each of its sources is fetched and marked "checked" when the page loads and holds the
// words the report quoted from it, else "unchecked" (shown as "could not be checked" beside its number). Decision:
// docs/decisions/0041-research-sources-and-exports.md. Nothing here throws for a bad source: a page that
// refuses, times out, is too big or is not text is simply "unchecked".
import type { AppEnv } from "../env";
import type { ResearchSource } from "./report";
import { containsQuote, plainWords, visibleText } from "./source-text";
import { sourceUrlProblem } from "./source-url";

export { isFetchableSourceUrl, sourceUrlProblem } from "./source-url";

/** Per page: the whole fetch, redirects and body included. */
export const SOURCE_TIME_CAP_MS = 5_000;
/** Bytes read of one page; reading stops there (a page declaring more is not read at all). */
export const SOURCE_SIZE_CAP_BYTES = 1_000_000;
const MAX_REDIRECTS = 3;
/** Pages fetched at once, so one report cannot open dozens of connections from the account's object. */
const CONCURRENCY = 4;
/** Sources checked per report; a longer list's tail stays "unchecked" rather than holding the object for minutes. */
export const MAX_CHECKED_SOURCES = 40;

export class SourceRefused extends Error {}

/**
 * The default page reader: the URL rule on the address and on every redirect hop (followed by hand, at most three),
 * no cookies or credentials sent, a time cap over the whole exchange.
 */
export async function fetchSourcePage(url: string, signal: AbortSignal = AbortSignal.timeout(SOURCE_TIME_CAP_MS)): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = sourceUrlProblem(current);
    if (problem) throw new SourceRefused(`${problem}: ${current}`);
    const response = await fetch(current, {
      redirect: "manual",
      signal,
      headers: { accept: "text/html, text/plain;q=0.9", "user-agent": "Mozilla/5.0 (compatible; source-check)" },
    });
    if (response.status < 300 || response.status > 399) return response;
    const location = response.headers.get("location");
    await response.body?.cancel();
    if (!location) throw new SourceRefused(`redirect without a location: ${current}`);
    current = new URL(location, current).href;
  }
  throw new SourceRefused(`more than ${MAX_REDIRECTS} redirects: ${url}`);
}

/** The page's text as far as the size cap, or null when it is not a readable text page. */
async function readPageText(response: Response): Promise<string | null> {
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const type = (response.headers.get("content-type") ?? "").toLowerCase();
  const isHtml = type.startsWith("text/html") || type.startsWith("application/xhtml+xml");
  const declared = Number(response.headers.get("content-length") ?? "0");
  if ((!isHtml && !type.startsWith("text/plain")) || declared > SOURCE_SIZE_CAP_BYTES) {
    await response.body.cancel();
    return null;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < SOURCE_SIZE_CAP_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = SOURCE_SIZE_CAP_BYTES - size;
    chunks.push(value.byteLength > room ? value.subarray(0, room) : value);
    size += Math.min(value.byteLength, room);
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const charset = /charset="?([\w-]+)/.exec(type)?.[1] ?? "utf-8";
  let text: string;
  try {
    text = new TextDecoder(charset).decode(bytes);
  } catch {
    text = new TextDecoder("utf-8").decode(bytes);
  }
  return isHtml ? visibleText(text) : text;
}

/**
 * The page's visible text, or null when it did not load; never throws, never takes longer than the time cap. The
 * own loop reads its pages with this too (research/own-loop.ts), so a page it read is one the check can read.
 */
export async function loadPageText(url: string, fetchPage: (url: string) => Promise<Response> = (page) => fetchSourcePage(page)): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SOURCE_TIME_CAP_MS);
  });
  const load = (async () => {
    try {
      return await readPageText(await fetchPage(url));
    } catch {
      return null;
    }
  })();
  try {
    return await Promise.race([load, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Marks every source "checked" or "unchecked". `fetchPage` defaults to fetchSourcePage (the URL rule, redirects by
 * hand, time cap); a caller passing its own (the demo's local pages) takes on that rule itself. The caps on time,
 * size and content type apply to whatever it returns.
 */
export async function checkSources(
  _env: AppEnv,
  sources: ResearchSource[],
  fetchPage: (url: string) => Promise<Response> = (url) => fetchSourcePage(url),
): Promise<ResearchSource[]> {
  // One fetch per address, however many sources cite it.
  const pages = new Map<string, Promise<string[] | null>>();
  const results: ResearchSource[] = sources.map((source) => ({ ...source, check: "unchecked" }));
  const queue = results.slice(0, MAX_CHECKED_SOURCES);
  const worker = async () => {
    for (let source = queue.shift(); source; source = queue.shift()) {
      let page = pages.get(source.url);
      if (!page) {
        page = loadPageText(source.url, fetchPage).then((text) => (text === null ? null : plainWords(text)));
        pages.set(source.url, page);
      }
      const words = await page;
      source.check = words !== null && containsQuote(words, source.quote) ? "checked" : "unchecked";
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}
