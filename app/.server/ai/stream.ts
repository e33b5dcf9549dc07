// One model call as a stream of events, from a real provider (openai SDK) or the offline demo provider.
import OpenAI from "openai";
import type { ChatTarget, UpstreamTarget } from "./providers";
import { clientFor, sendOptions, type ChatTurn, type SendHooks, type StreamEvent } from "./upstream";
import { streamWebSearch } from "./web-search";

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
  return system.concat(
    turns.map((turn): OpenAI.Chat.Completions.ChatCompletionMessageParam => {
      const images = [turn.imageDataUrl, ...(turn.images ?? [])].filter((url): url is string => Boolean(url));
      if (turn.role === "user" && images.length > 0) {
        return {
          role: "user",
          content: [{ type: "text", text: turn.content }, ...images.map((url) => ({ type: "image_url" as const, image_url: { url } }))],
        };
      }
      // Only the answer text is sent back; reasoning text is never stored or replayed (DeepSeek rejects it).
      return { role: turn.role, content: turn.content };
    }),
  );
}

/**
 * What asks a model to continue an answer cut off by an eviction (docs/decisions/0022): the answer so far as the
 * assistant's message, last, after a note saying so. Providers that take a final assistant message as the start of
 * their reply (Anthropic, DeepSeek's prefix completion) continue it; the note keeps others from starting over.
 */
const CONTINUE_NOTE =
  "Your previous reply was cut off. The assistant message that follows is its beginning: continue it exactly where it stops, without repeating any of it.";

function continuation(continueFrom: string | undefined): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  return continueFrom
    ? [
        { role: "system", content: CONTINUE_NOTE },
        { role: "assistant", content: continueFrom },
      ]
    : [];
}

async function* streamUpstream(target: UpstreamTarget, turns: ChatTurn[], options: StreamOptions): AsyncGenerator<StreamEvent> {
  const { signal, instructions, continueFrom } = options;
  const messages = toMessages(turns, instructions).concat(continuation(continueFrom));
  const stream = await clientFor(target).chat.completions.create(
    { model: target.model, messages, stream: true, stream_options: { include_usage: true } },
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
  /** "web-search": OpenAI's Responses API with the web_search tool instead of chat completions. */
  kind?: "chat" | "web-search";
  /** System text (a tool's facts and rules), sent before the conversation. */
  instructions?: string;
  /** Heading of the sources list appended to a web search answer. */
  sourcesLabel?: string;
  /** A resumed answer's text so far: the model continues it, and only the continuation is streamed. */
  continueFrom?: string;
}

/** What is left of the demo's prepared reply after the text already produced (none when that text is not its start). */
function remainderOf(reply: string, continueFrom: string | undefined): string {
  if (!continueFrom) return reply;
  return reply.startsWith(continueFrom) ? reply.slice(continueFrom.length) : "";
}

export function streamChat(target: ChatTarget, turns: ChatTurn[], options: StreamOptions): AsyncGenerator<StreamEvent> {
  if (target.kind === "demo") {
    const reply = remainderOf(options.demoReply ?? "", options.continueFrom);
    return streamDemo(reply, options.reasoning ?? false, options.signal, target.paceMs, options);
  }
  if (options.kind === "web-search") {
    return streamWebSearch(target, turns, { ...options, sourcesLabel: options.sourcesLabel ?? "Sources" });
  }
  return streamUpstream(target, turns, options);
}
