// ChatRelay: one Durable Object per assistant message. It owns the generation, so the answer keeps being made
// and saved when the tab closes, reloads or loses its network; any number of readers can join at any point and
// get what was produced so far, then every new piece as it arrives (never buffered).
import { DurableObject } from "cloudflare:workers";
import { classifyFailure, streamChat, type ChatTurn } from "../app/.server/ai/stream";
import type { ChatTarget } from "../app/.server/ai/providers";
import { refundCredits } from "../app/.server/credits";
import type { AppEnv } from "../app/.server/env";
import { finishAssistantMessage, saveAssistantProgress } from "../app/.server/chat/messages";

export interface RelayStart {
  messageId: string;
  threadId: string;
  ownerId: string;
  creditKey: string;
  target: ChatTarget;
  turns: ChatTurn[];
  reasoning: boolean;
  demoReply?: string;
}

type RelayStatus = "idle" | "streaming" | "complete" | "failed" | "stopped";

/** How often partial answers are written to D1 while streaming. */
const SAVE_EVERY_MS = 400;
/** An alarm while streaming keeps the object alive and notices an interrupted generation. */
const KEEPALIVE_MS = 30_000;

const encoder = new TextEncoder();
const sse = (payload: object) => encoder.encode(`data: ${JSON.stringify(payload)}\n\n`);

export class ChatRelay extends DurableObject<AppEnv> {
  private status: RelayStatus = "idle";
  private text = "";
  private thinking = false;
  private errorCode: string | null = null;
  private abort: AbortController | null = null;
  private readonly readers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private saving: Promise<unknown> = Promise.resolve();
  private lastSave = 0;
  private messageId = "";

  /** Begins generating. Idempotent: a second start for the same message changes nothing. */
  async start(input: RelayStart): Promise<{ started: boolean }> {
    if (this.status !== "idle") return { started: false };
    this.status = "streaming";
    this.messageId = input.messageId;
    this.abort = new AbortController();
    await this.ctx.storage.put("message", { messageId: input.messageId, ownerId: input.ownerId, creditKey: input.creditKey });
    await this.ctx.storage.setAlarm(Date.now() + KEEPALIVE_MS);
    this.ctx.waitUntil(this.run(input, this.abort.signal));
    return { started: true };
  }

  /** Stops the generation; what was produced so far is kept. */
  async stop(): Promise<void> {
    if (this.status === "streaming") this.abort?.abort("stopped");
  }

  /** A reader: SSE of a snapshot, then live deltas, then the final status. */
  override async fetch(): Promise<Response> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    void writer.write(sse({ type: "snapshot", text: this.text, thinking: this.thinking && !this.text }));
    if (this.status === "streaming") {
      this.readers.add(writer);
    } else {
      void writer.write(sse(this.finalEvent()));
      void writer.close();
    }
    return new Response(readable, {
      headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Relay-Status": this.status },
    });
  }

  /** Whether this object is generating now (after an eviction it is not, and D1 holds the truth). */
  async state(): Promise<{ status: RelayStatus; length: number }> {
    return { status: this.status, length: this.text.length };
  }

  override async alarm(): Promise<void> {
    if (this.status === "streaming") {
      await this.ctx.storage.setAlarm(Date.now() + KEEPALIVE_MS);
      return;
    }
    if (this.status === "idle") {
      // The object was evicted mid-generation: keep what D1 has and mark it interrupted (refund if empty).
      const saved = await this.ctx.storage.get<{ messageId: string; ownerId: string; creditKey: string }>("message");
      if (saved) {
        const outcome = await finishAssistantMessage(this.env, saved.messageId, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
        if (outcome.updated && outcome.empty) await refundCredits(this.env, saved.ownerId, saved.creditKey);
      }
    }
    await this.ctx.storage.deleteAll();
  }

  private broadcast(payload: object) {
    const chunk = sse(payload);
    for (const writer of this.readers) {
      writer.write(chunk).catch(() => this.readers.delete(writer));
    }
  }

  private finalEvent() {
    return { type: "done", status: this.status, errorCode: this.errorCode, text: this.text };
  }

  private persistProgress(force = false) {
    const now = Date.now();
    if (!force && now - this.lastSave < SAVE_EVERY_MS) return;
    this.lastSave = now;
    const text = this.text;
    this.saving = this.saving.then(() => saveAssistantProgress(this.env, this.messageId, text)).catch((error: unknown) => console.error("relay: save failed", error));
  }

  private async run(input: RelayStart, signal: AbortSignal) {
    // The outcome is kept aside until it is saved (and refunded): a reader that attaches meanwhile still counts as
    // live and gets the final event from broadcast, so "done" always means the row and the balance are final.
    let status: "complete" | "failed" | "stopped" = "complete";
    let errorCode: string | null = null;
    try {
      const events = streamChat(input.target, input.turns, { signal, demoReply: input.demoReply, reasoning: input.reasoning });
      for await (const event of events) {
        if (event.type === "thinking") {
          if (!this.thinking) {
            this.thinking = true;
            this.broadcast({ type: "thinking" });
          }
          continue;
        }
        this.text += event.delta;
        this.broadcast({ type: "delta", text: event.delta });
        this.persistProgress();
      }
    } catch (error) {
      if (signal.aborted) {
        status = "stopped";
      } else {
        console.error("relay: generation failed", input.messageId, error);
        status = "failed";
        errorCode = classifyFailure(error);
      }
    }
    try {
      await this.saving;
      await finishAssistantMessage(this.env, input.messageId, { status, errorCode, content: this.text });
      // Nothing produced means nothing delivered: give the credit back (DESIGN "Requests, end to end").
      if (!this.text && status !== "complete") await refundCredits(this.env, input.ownerId, input.creditKey);
    } catch (error) {
      console.error("relay: could not save the outcome", input.messageId, error);
    }
    this.status = status;
    this.errorCode = errorCode;
    this.broadcast(this.finalEvent());
    for (const writer of this.readers) writer.close().catch(() => undefined);
    this.readers.clear();
    this.abort = null;
    await this.ctx.storage.deleteAll();
  }
}
