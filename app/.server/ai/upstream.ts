// What every model call shares, whichever its kind (chat completion or web search): the turn and event shapes, and
// one OpenAI client per upstream whose fetch tells the caller when the request left. stream.ts and web-search.ts both
// build on it, so neither needs the other's internals.
import OpenAI from "openai";
import type { UpstreamTarget } from "./providers";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
  /** data: URL of an attached image, for vision models. */
  imageDataUrl?: string;
  /** data: URLs of more images the turn shows (a project's images, projects/turn.ts), for vision models. */
  images?: string[];
}

export type StreamEvent = { type: "text"; delta: string } | { type: "thinking" };

/** What the caller of one model call hears about its upstream request. */
export interface SendHooks {
  /**
   * Called once the request has been handed to the network: on the next turn of the event loop after `fetch`, so
   * the request's bytes leave first. The turn's runner starts its own writes from there; when they ran first they held the
   * upstream request back by 2 to 3 ms (`npm run bench`, time to first token).
   */
  onDispatch?: () => void;
}

/**
 * The request options that carry `hooks` to the client's fetch. They ride in `fetchOptions`, which the SDK hands
 * to fetch as they are, so every call shares its upstream's one client instead of a per-call copy (`withOptions`).
 */
export function sendOptions(signal: AbortSignal, hooks: SendHooks): OpenAI.RequestOptions {
  const { onDispatch } = hooks;
  const carried: SendHooks = { onDispatch };
  return { signal, fetchOptions: onDispatch ? (carried as OpenAI.RequestOptions["fetchOptions"]) : undefined };
}

function hookedFetch(url: string | URL | Request, init?: RequestInit & SendHooks): Promise<Response> {
  if (!init?.onDispatch) return fetch(url, init);
  const { onDispatch, ...rest } = init;
  const pending = fetch(url, rest);
  setTimeout(onDispatch, 0);
  return pending;
}

/** One client per upstream (a handful at most), reused across calls in this isolate. */
const clients = new Map<string, OpenAI>();

export function clientFor(target: Pick<UpstreamTarget, "apiKey" | "baseURL" | "headers">): OpenAI {
  const key = JSON.stringify([target.baseURL, target.apiKey, target.headers]);
  let client = clients.get(key);
  if (!client) {
    client = new OpenAI({
      apiKey: target.apiKey,
      baseURL: target.baseURL,
      defaultHeaders: target.headers,
      // The SDK honours retry-after on 429/5xx; two retries keep a stuck request within a Worker's patience.
      maxRetries: 2,
      timeout: 120_000,
      fetch: hookedFetch,
    });
    clients.set(key, client);
  }
  return client;
}
