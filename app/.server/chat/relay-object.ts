// ChatRelay: one Durable Object per account, owning that account's answers while they are generated. The answer
// keeps being made and saved when the tab closes, reloads or loses its network; any number of readers can join at
// any point and get what was produced so far, then every new piece as it arrives (never buffered). One object per
// account (not per answer) stays warm between turns, which keeps its start-up out of the time to the first token.
import { classifyFailure, streamChat } from "../ai/stream";
import { AccountStorage } from "../account/storage";
import { refundInAccount } from "../credits/account-credits";
import { applyTurnWrites, finishAssistantMessage, saveAssistantProgress } from "./messages";
import { Generation, type RelayStart, type RelayStatus } from "./relay-generation";
import { moveTurn, settleTurnCharge, type Refund } from "./turn-lifecycle";

export type { RelayStart, RelayStatus } from "./relay-generation";

/** How often partial answers are written to D1 while streaming. */
const SAVE_EVERY_MS = 400;
/** An alarm while streaming keeps the object alive and notices generations lost to an eviction. */
const KEEPALIVE_MS = 30_000;
/** The relay's task on the account object's one alarm (account/alarms.ts). */
export const RELAY_ALARM_TASK = "relay";
/** A finished answer stays readable here briefly, so a reader arriving just after the end gets it. */
const LINGER_MS = 60_000;
/** A launched turn is dropped (and its charge given back) if neither confirm() nor cancel() comes within this. */
const CONFIRM_WITHIN_MS = 10_000;

interface Saved {
  ownerId: string;
  creditKey: string;
}

/** The answers part of the account's object (account/object.ts `Account` extends it). */
export abstract class ChatRelay extends AccountStorage {
  private readonly generations = new Map<string, Generation>();
  /** CONFIRM_WITHIN_MS; a test shortens it to see a launch time out. */
  confirmWithinMs = CONFIRM_WITHIN_MS;
  /** A turn's charge is in this object's own ledger: given back here, not through a call to itself (decision 0026). */
  private readonly refundHere: Refund = (env, ownerId, creditKey) => refundInAccount({ ...this.accountContext(ownerId), env }, creditKey);

  // RPC rather than fetch: no HTTP framing of the turn or of each piece of the answer on the way to the first token.

  /** Starts an answer (or reads the one already started for this message id) as Server-Sent Events. */
  async start(input: RelayStart): Promise<ReadableStream<Uint8Array> | null> {
    const generation = this.generations.get(input.messageId) ?? this.begin(input);
    return this.readerOnceWritten(generation);
  }

  /**
   * Starts an answer whose owner is not confirmed yet (a turn begun on an owner hint, decision 0009): the upstream
   * request goes out, but nothing is written or shown until confirm(). Resolves once the request is on its way.
   * cancel() aborts it and keeps nothing, leaving the charge to the caller; with no word within CONFIRM_WITHIN_MS
   * (the caller is gone) the relay drops it the same way and gives the charge back itself.
   */
  async launch(input: RelayStart): Promise<void> {
    const generation = this.generations.get(input.messageId) ?? this.begin(input, this.confirmWithinMs);
    await generation.onTheWay;
  }

  /** The owner of a launched answer is confirmed: its rows are written, then it is read like start()'s. */
  async confirm(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    const generation = this.generations.get(messageId);
    if (!generation) return null;
    generation.decide(true);
    return this.readerOnceWritten(generation);
  }

  /** The owner of a launched answer turned out different: drop it without a trace. */
  async cancel(messageId: string): Promise<void> {
    this.generations.get(messageId)?.decide(false);
  }

  private async readerOnceWritten(generation: Generation): Promise<ReadableStream<Uint8Array> | null> {
    // The answer's headers name its thread, which the page may open at once: its rows exist by then.
    await generation.rowsWritten;
    return generation.cancelled ? null : generation.reader();
  }

  /**
   * Joins an answer being generated here as a reader; null when it is not (finished a while ago, or evicted), or
   * when its owner is not confirmed yet.
   */
  async join(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    const generation = this.generations.get(messageId);
    return generation?.isConfirmed ? generation.reader() : null;
  }

  /** Whether an answer is being generated here now (after an eviction it is not, and D1 holds the truth). */
  async state(messageId: string): Promise<{ status: RelayStatus }> {
    return { status: this.generations.get(messageId)?.status ?? "idle" };
  }

  /** Stops an answer; what was produced so far is kept. */
  async stop(messageId: string): Promise<void> {
    const generation = this.generations.get(messageId);
    if (generation?.status === "streaming") generation.abort.abort("stopped");
  }

  /**
   * The relay's part of the object's alarm (account/alarms.ts task "relay"); answers when to look again.
   * Answers recorded as running but unknown in memory were lost to an eviction: keep what D1 has, mark them
   * interrupted, and refund the ones that produced nothing.
   */
  protected async keepAlive(): Promise<number | null> {
    const saved = await this.ctx.storage.list<Saved>({ prefix: "active:" });
    for (const [key, entry] of saved) {
      const messageId = key.slice("active:".length);
      if (this.generations.get(messageId)?.status === "streaming") continue;
      const outcome = await finishAssistantMessage(this.env, messageId, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
      if (outcome.updated) await settleTurnCharge(this.env, entry, "failed", !outcome.empty, this.refundHere);
      await this.ctx.storage.delete(key);
    }
    return [...this.generations.values()].some((generation) => generation.status === "streaming") ? Date.now() + KEEPALIVE_MS : null;
  }

  /**
   * Begins an answer. The upstream request goes out first; the turn's rows (every later save waits for them) and
   * the eviction bookkeeping follow the moment it is on its way, so local work never delays it. If the call fails
   * before reaching the network, they are still written when it ends, so the failure is kept.
   */
  private begin(input: RelayStart, confirmWithinMs?: number): Generation {
    const generation = new Generation(input, confirmWithinMs);
    this.generations.set(input.messageId, generation);
    generation.rowsWritten = Promise.all([generation.onTheWay, generation.confirmed]).then(([, confirmed]) => {
      if (confirmed) return this.writeTurn(generation);
      generation.abort.abort("cancelled");
      // After cancel() the caller settles the charge; after a time-out nobody else will.
      if (generation.timedOut)
        return settleTurnCharge(this.env, input, "cancelled", false, this.refundHere).then(
          () => undefined,
          () => undefined,
        );
    });
    generation.saving = generation.rowsWritten;
    this.ctx.waitUntil(this.run(generation));
    return generation;
  }

  private async writeTurn(generation: Generation) {
    const { input } = generation;
    const saved: Saved = { ownerId: input.ownerId, creditKey: input.creditKey };
    void this.ctx.storage.put(`active:${input.messageId}`, saved, { allowUnconfirmed: true });
    void this.alarms.schedule(RELAY_ALARM_TASK, Date.now() + KEEPALIVE_MS, { allowUnconfirmed: true });
    try {
      await applyTurnWrites(this.env, input.writes);
    } catch (error) {
      console.error("relay: could not write the turn", input.messageId, error);
      generation.rowsMissing = true;
      generation.abort.abort("rows");
    }
  }

  private persistProgress(generation: Generation) {
    const now = Date.now();
    if (now - generation.lastSave < SAVE_EVERY_MS) return;
    generation.lastSave = now;
    const text = generation.text;
    generation.saving = generation.saving
      .then(() => (generation.cancelled ? undefined : saveAssistantProgress(this.env, generation.input.messageId, text)))
      .catch((error: unknown) => console.error("relay: save failed", error));
  }

  private async run(generation: Generation) {
    const { input, abort } = generation;
    // The outcome is kept aside until it is saved (and refunded): a reader that attaches meanwhile still counts as
    // live and gets the final event from broadcast, so "done" always means the row and the balance are final.
    let status: "complete" | "failed" | "stopped" = "complete";
    let errorCode: string | null = null;
    try {
      const events = streamChat(input.target, input.turns, {
        signal: abort.signal,
        demoReply: input.demoReply,
        reasoning: input.reasoning,
        kind: input.kind,
        instructions: input.instructions,
        sourcesLabel: input.sourcesLabel,
        onDispatch: generation.dispatched,
      });
      for await (const event of events) {
        if (event.type === "thinking") {
          if (!generation.thinking) {
            generation.thinking = true;
            generation.broadcast({ type: "thinking" });
          }
          continue;
        }
        generation.text += event.delta;
        generation.broadcast({ type: "delta", text: event.delta });
        this.persistProgress(generation);
      }
      // An aborted stream may simply end instead of throwing (the SDK stops reading): that is still a stop, never a
      // complete answer (an empty "complete" would have kept the charge for nothing).
      if (abort.signal.aborted) status = "stopped";
    } catch (error) {
      if (abort.signal.aborted) {
        status = "stopped";
      } else {
        console.error("relay: generation failed", input.messageId, error);
        status = "failed";
        errorCode = classifyFailure(error);
      }
    }
    generation.dispatched();
    generation.upstreamEnded();
    await generation.saving.catch(() => undefined);
    if (generation.cancelled) {
      // Never confirmed: no rows, no readers, and the charge is the caller's to give back.
      this.generations.delete(input.messageId);
      return;
    }
    try {
      if (generation.rowsMissing) {
        // Without its rows the answer cannot be kept: fail it and give the credit back.
        status = "failed";
        errorCode = "app/unknown";
      } else {
        await finishAssistantMessage(this.env, input.messageId, { status, errorCode, content: generation.text });
      }
      // Kept only for what reached the person (turn-lifecycle.ts chargeKept).
      await settleTurnCharge(this.env, input, status, Boolean(generation.text) && !generation.rowsMissing, this.refundHere);
    } catch (error) {
      console.error("relay: could not save the outcome", input.messageId, error);
    }
    generation.status = moveTurn(generation.status, status);
    generation.errorCode = errorCode;
    generation.broadcast(generation.finalEvent());
    for (const writer of generation.readers) writer.close().catch(() => undefined);
    generation.readers.clear();
    await this.ctx.storage.delete(`active:${input.messageId}`);
    setTimeout(() => this.generations.delete(input.messageId), LINGER_MS);
  }
}
