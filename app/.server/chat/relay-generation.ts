// One answer as the ChatRelay holds it while it is generated: its text so far, its readers, and the promises that
// order its life (on its way upstream, confirmed, rows written, upstream done). chat/relay-object.ts drives it.
import type { ChatTurn } from "../ai/upstream";
import { encodeEvent, type AnswerStatus, type ChatStreamEvent } from "../../lib/chat-events";
import type { ChatTarget } from "../ai/providers";
import type { TurnMemory } from "../memory/jobs";
import { endingNote } from "../memory/jobs";
import type { TurnWrites } from "./messages";
import { moveTurn, type TurnState } from "./turn-lifecycle";

export interface RelayStart {
  messageId: string;
  threadId: string;
  ownerId: string;
  creditKey: string;
  target: ChatTarget;
  turns: ChatTurn[];
  reasoning: boolean;
  demoReply?: string;
  /** "web-search": the Responses API with its web_search tool (app/.server/ai/web-search.ts); default "chat". */
  kind?: "chat" | "web-search";
  /** System text built on the server for a tool's turn. */
  instructions?: string;
  /** Heading of the sources list a web search answer ends with. */
  sourcesLabel?: string;
  /** The turn's rows, written while the upstream call is already under way. */
  writes: TurnWrites;
  /** Memory's part in the turn (issue 33): the memories it was sent, and whether it is learnt from when it ends. */
  memory?: TurnMemory;
  /** A temporary chat (issue 33): nothing of the turn is written, neither rows nor memory. */
  temporary?: boolean;
}

/** A relay's view of an answer: "idle" when it holds none by that id (never had it, finished a while ago, evicted). */
export type RelayStatus = "idle" | Exclude<TurnState, "charged" | "abandoned">;

/** The writing end of one reader's stream (see reader()). */
type ReaderSink = WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>;

export class Generation {
  /** Moved only along turn-lifecycle.ts TURN_MOVES (moveTurn). */
  status: Exclude<RelayStatus, "idle">;
  text = "";
  thinking = false;
  errorCode: string | null = null;
  readonly abort = new AbortController();
  readonly readers = new Set<ReaderSink>();
  saving: Promise<unknown> = Promise.resolve();
  lastSave = 0;
  rowsMissing = false;
  /** Called when the upstream request is on its way (or the call ended before reaching it). */
  dispatched!: () => void;
  /** Settles once the upstream request is on its way; the turn's rows are written from then on. */
  readonly onTheWay = new Promise<void>((resolve) => (this.dispatched = resolve));
  /** Settles once the turn's rows are written (or could not be, or the turn was cancelled). */
  rowsWritten: Promise<void> = Promise.resolve();
  /** Settles the owner's confirmation: true to go on, false to drop the turn (see ChatRelay.launch). */
  decide: (confirmed: boolean) => void = () => undefined;
  /** Whether the owner is confirmed; nothing is written or shown before. */
  readonly confirmed: Promise<boolean>;
  /** No confirm() or cancel() came in time: the caller is gone and will not settle the charge. */
  timedOut = false;
  /** Called when the upstream call has ended, however it ended. */
  upstreamEnded!: () => void;
  /** Settles when the upstream call has ended (the answer is complete in memory, or failed, or was stopped). */
  readonly upstreamDone = new Promise<void>((resolve) => (this.upstreamEnded = resolve));

  constructor(
    readonly input: RelayStart,
    /** How long a launched turn waits for confirm() or cancel(); undefined when it needs no confirmation. */
    confirmWithinMs?: number,
  ) {
    const confirmFirst = confirmWithinMs !== undefined;
    this.status = confirmFirst ? "launched" : "streaming";
    this.confirmed = confirmFirst
      ? new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            this.timedOut = true;
            this.decide(false);
          }, confirmWithinMs);
          this.decide = (confirmed) => {
            clearTimeout(timer);
            // Only the first word counts: a confirm() after the time-out finds the turn cancelled.
            if (this.status !== "launched") return;
            this.status = moveTurn(this.status, confirmed ? "streaming" : "cancelled");
            resolve(confirmed);
          };
        })
      : Promise.resolve(true);
  }

  /** Confirmed (or never needed confirming): its rows may be written and its answer shown. */
  get isConfirmed(): boolean {
    return this.status !== "launched" && this.status !== "cancelled";
  }

  /** Dropped before confirmation: nothing of it was written or shown. */
  get cancelled(): boolean {
    return this.status === "cancelled";
  }

  broadcast(event: ChatStreamEvent) {
    const chunk = encodeEvent(event);
    for (const writer of this.readers) this.send(writer, chunk);
  }

  /** A reader that went away (tab closed, network lost) fails its writes: it is dropped, and the answer goes on. */
  private send(writer: ReaderSink, chunk: Uint8Array) {
    writer.write(chunk).catch(() => this.readers.delete(writer));
  }

  finalEvent(): ChatStreamEvent {
    // Called once the generation has ended: the status is final by then.
    const done = { type: "done" as const, status: this.status as AnswerStatus, errorCode: this.errorCode, text: this.text };
    const { memory } = this.input;
    return memory ? { ...done, memory: endingNote(memory, this.status === "complete" && this.text.length > 0) } : done;
  }

  /** SSE of a snapshot, then live deltas, then the final status. */
  reader(): ReadableStream<Uint8Array> {
    // A native stream, not a JS TransformStream: returned over RPC, a JS stream is pumped by JS inside the runtime,
    // and when the client goes away that pump's write fails as an uncaught "Network connection lost" while this
    // side never hears of it (cloudflare/workers-sdk#11071). The native stream fails our own next write instead,
    // which send() handles.
    const { readable, writable } = new IdentityTransformStream();
    const writer = writable.getWriter();
    if (this.status === "streaming") this.readers.add(writer);
    this.send(writer, encodeEvent({ type: "snapshot", text: this.text, thinking: this.thinking && !this.text }));
    if (this.status !== "streaming") {
      this.send(writer, encodeEvent(this.finalEvent()));
      writer.close().catch(() => undefined);
    }
    return readable;
  }
}
