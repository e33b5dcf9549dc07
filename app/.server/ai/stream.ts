// One model call as a stream of events, from a real provider (openai SDK) or the offline demo provider.
import OpenAI from "openai";
import type { ChatTarget, UpstreamTarget } from "./providers";
import { streamWebSearch } from "./web-search";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
  /** data: URL of an attached image, for vision models. */
  imageDataUrl?: string;
}

export type StreamEvent = { type: "text"; delta: string } | { type: "thinking" };

export type ChatFailure = "chat/model-unavailable" | "chat/rate-limited" | "chat/upstream-failed" | "chat/interrupted";

/** Maps anything a provider call can throw to the code saved on the message and shown to the user. */
export function classifyFailure(error: unknown): ChatFailure {
  if (error instanceof OpenAI.APIError) {
    const code = (error as { code?: string | null }).code;
    if (error.status === 404 || code === "model_not_found") return "chat/model-unavailable";
    if (error.status === 429) return "chat/rate-limited";
    if (error instanceof OpenAI.APIConnectionError) return "chat/interrupted";
    return "chat/upstream-failed";
  }
  return "chat/interrupted";
}

function toMessages(turns: ChatTurn[], instructions?: string): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const system: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = instructions ? [{ role: "system", content: instructions }] : [];
  return system.concat(turns.map((turn): OpenAI.Chat.Completions.ChatCompletionMessageParam => {
    if (turn.role === "user" && turn.imageDataUrl) {
      return {
        role: "user",
        content: [
          { type: "text", text: turn.content },
          { type: "image_url", image_url: { url: turn.imageDataUrl } },
        ],
      };
    }
    // Only the answer text is sent back; reasoning text is never stored or replayed (DeepSeek rejects it).
    return { role: turn.role, content: turn.content };
  }));
}

/** What the caller of one model call hears about its upstream request. */
export interface SendHooks {
  /**
   * Called once the request has been handed to the network: on the next turn of the event loop after `fetch`, so
   * the request's bytes leave first. The relay starts its own writes from there; when they ran first they held the
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

async function* streamUpstream(target: UpstreamTarget, turns: ChatTurn[], options: StreamOptions): AsyncGenerator<StreamEvent> {
  const { signal, instructions } = options;
  const stream = await clientFor(target).chat.completions.create(
    { model: target.model, messages: toMessages(turns, instructions), stream: true, stream_options: { include_usage: true } },
    sendOptions(signal, options),
  );
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta as { content?: string | null; reasoning_content?: string | null } | undefined;
    if (delta?.reasoning_content) yield { type: "thinking" };
    if (delta?.content) yield { type: "text", delta: delta.content };
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The demo provider streams a prepared reply word by word at a realistic pace; its "request" leaves at once. */
async function* streamDemo(reply: string, reasoning: boolean, signal: AbortSignal, paceMs: number, hooks: SendHooks): AsyncGenerator<StreamEvent> {
  hooks.onDispatch?.();
  if (reasoning) {
    yield { type: "thinking" };
    await sleep(paceMs * 20, signal);
  }
  const pieces = reply.match(/\s*\S+/g) ?? [];
  for (const piece of pieces) {
    await sleep(paceMs, signal);
    yield { type: "text", delta: piece };
  }
}

export interface StreamOptions extends SendHooks {
  signal: AbortSignal;
  demoReply?: string;
  reasoning?: boolean;
  demoPaceMs?: number;
  /** "web-search": OpenAI's Responses API with the web_search tool instead of chat completions. */
  kind?: "chat" | "web-search";
  /** System text (a tool's facts and rules), sent before the conversation. */
  instructions?: string;
  /** Heading of the sources list appended to a web search answer. */
  sourcesLabel?: string;
}

export function streamChat(target: ChatTarget, turns: ChatTurn[], options: StreamOptions): AsyncGenerator<StreamEvent> {
  if (target.kind === "demo") {
    return streamDemo(options.demoReply ?? "", options.reasoning ?? false, options.signal, options.demoPaceMs ?? 30, options);
  }
  if (options.kind === "web-search") {
    return streamWebSearch(target, turns, { ...options, sourcesLabel: options.sourcesLabel ?? "Sources" });
  }
  return streamUpstream(target, turns, options);
}
