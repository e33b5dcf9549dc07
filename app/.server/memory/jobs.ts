// The memory extraction job (decision 0027): when a turn ends, the account's object records what memory did
// for the answer and, with memory on, queues the turn's question and answer (capped) for extraction. The consumer
// asks the fast model (extract.ts), then keeps what the rules allow inside the account's object (store.ts
// memory.apply), which also finishes the answer's note. An answer outside the schema keeps nothing at once; a failed
// call is retried twice by the queue, then keeps nothing.
import type { MemoryNote, MemoryRef } from "../../lib/memory";
import { inAccount } from "../account/client";
import type { AccountContext } from "../account/schema";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { ANSWER_CHARS, ExtractionRefused, extractMemories, QUESTION_CHARS, type Extraction } from "./extract";
import { recordNote } from "./store";
import { consumeEach } from "../queue-consumer";

export const MEMORY_JOBS_QUEUE = "memory-jobs";
/** The queue's max_retries (wrangler.toml) plus the first try. */
export const MAX_MEMORY_ATTEMPTS = 3;

/** One turn to learn from: the only text the job reads. `answer` is empty when the person asked ("Save to memory?"). */
export interface MemoryJob {
  accountId: string;
  threadId: string;
  messageId: string;
  question: string;
  answer: string;
  /** The catalogue model the turn was answered with (its provider's fast model extracts). */
  model: string;
  /** How many times memory had been forgotten when the turn was made (store.ts forgetMark): after more, it keeps nothing. */
  mark?: number;
}

export function isMemoryJob(value: unknown): value is MemoryJob {
  if (typeof value !== "object" || value === null) return false;
  const job = value as Record<string, unknown>;
  return (
    ["accountId", "threadId", "messageId", "question", "answer", "model"].every((key) => typeof job[key] === "string") &&
    (job.mark === undefined || typeof job.mark === "number")
  );
}

/** What a turn carries for memory (chat/turn/types.ts TurnStart.memory), decided when it was composed. */
export interface MemoryUse {
  /** The memories the turn was sent. */
  used: MemoryRef[];
  /** Memory is on and the turn may be learnt from (not a temporary chat, not a guest). */
  save: boolean;
  /**
   * The turn's context held someone else's text (a document, web results, a shared chat continued, a photo), which
   * can steer the answer: it is learnt from only when the person asks ("Save to memory?", decision 0027).
   */
  fromOthers?: boolean;
  question: string;
  model: string;
  /** The forgetting count the turn was composed under (store.ts forgetMark). */
  mark?: number;
}

/** What the note under an answer says when the answer ends (the done event), before any job has run. */
export function endingNote(memory: MemoryUse, complete: boolean): MemoryNote {
  const learn = memory.save && complete;
  return { used: memory.used, updated: [], pending: learn && !memory.fromOthers, offer: learn && Boolean(memory.fromOthers) };
}

/**
 * Runs in the account's object when a turn has ended: records the answer's note and queues the extraction of a
 * complete answer. Never throws: memory must not fail a turn that is already over.
 */
export async function afterTurn(account: AccountContext, turn: { threadId: string; messageId: string; memory: MemoryUse; answer: string; complete: boolean }) {
  const { memory } = turn;
  const note = endingNote(memory, turn.complete && turn.answer.length > 0);
  if (note.used.length === 0 && !note.pending && !note.offer) return;
  try {
    recordNote(account.db, { messageId: turn.messageId, threadId: turn.threadId, used: note.used, pending: note.pending, offer: note.offer });
    if (!note.pending) return;
    const job: MemoryJob = {
      accountId: account.accountId,
      threadId: turn.threadId,
      messageId: turn.messageId,
      question: memory.question.slice(0, QUESTION_CHARS),
      answer: turn.answer.slice(0, ANSWER_CHARS),
      model: memory.model,
      mark: memory.mark,
    };
    await account.env.MEMORY_JOBS.send(job);
  } catch (error) {
    console.error("memory: could not queue the extraction", turn.messageId, error);
    recordNote(account.db, { messageId: turn.messageId, threadId: turn.threadId, used: note.used, pending: false, offer: false });
  }
}

/**
 * "Save to memory?" under an answer whose turn held someone else's text (decision 0027): the offer is used up and the
 * same extraction is queued with the person's question only, never the answer. Not offered (another account's answer,
 * one already saved, one never offered): "not found". The page then follows the note as after any turn.
 */
export async function saveOffered(env: AppEnv, accountId: string, messageId: string): Promise<MemoryNote> {
  const taken = await inAccount(env, accountId, "memory.takeOffer", { messageId });
  if (!taken) throw new AppError("memory/not-found");
  const job: MemoryJob = {
    accountId,
    messageId,
    threadId: taken.threadId,
    question: taken.question.slice(0, QUESTION_CHARS),
    answer: "",
    model: taken.model,
    mark: taken.mark,
  };
  try {
    await env.MEMORY_JOBS.send(job);
  } catch (error) {
    console.error("memory: could not queue a saved answer's extraction", messageId, error);
    await inAccount(env, accountId, "memory.restoreOffer", { messageId });
    throw new AppError("memory/save-failed");
  }
  return taken.note;
}

export async function processMemoryJobs(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  await consumeEach(batch, {
    name: "memory-jobs",
    isMessage: isMemoryJob,
    handle: (job, attempts) => runMemoryJob(env, job, attempts),
    retryDelaySeconds: (attempts) => 5 * 2 ** attempts,
    // One account's extractions in turn: each sees the memories the one before saved, so a fact is not kept twice.
    serialKey: (job) => job.accountId,
  });
}

/** One extraction. "retry" asks the queue for another delivery; anything else is over (kept, or nothing kept). */
export async function runMemoryJob(env: AppEnv, job: MemoryJob, attempt = 1): Promise<"done" | "retry"> {
  // Memory forgotten since the turn ("Delete all memories", the switch turned off): no model call, nothing kept.
  const { enabled, memories } = await inAccount(env, job.accountId, "memory.candidates", { question: job.question, mark: job.mark });
  // A proposal may change only a memory the model was shown (decision 0027): any other id it names changes nothing.
  const shown = memories.map((memory) => memory.id);
  const finish = (proposals: Extraction["proposals"]) =>
    inAccount(env, job.accountId, "memory.apply", {
      messageId: job.messageId,
      threadId: job.threadId,
      question: job.question,
      proposals,
      shown,
      mark: job.mark,
    });
  if (!enabled) {
    await finish([]);
    return "done";
  }
  let extraction: Extraction;
  try {
    extraction = await extractMemories(env, job, memories);
  } catch (error) {
    const last = error instanceof ExtractionRefused || attempt >= MAX_MEMORY_ATTEMPTS;
    console.error("memory-jobs: extraction failed", job.messageId, `attempt ${attempt}`, last ? "keeping nothing" : "will retry", error);
    if (!last) return "retry";
    await finish([]);
    return "done";
  }
  if (extraction.usage) console.log(`memory-jobs: extraction tokens in ${extraction.usage.input}, out ${extraction.usage.output}`);
  await finish(extraction.proposals);
  return "done";
}
