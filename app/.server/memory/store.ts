// The account's memories, memory switch and custom instructions, and the notes under answers (decision
// 0027). These operations run inside the account's own object (decision 0026), called by name through inAccount;
// drizzle over its SQLite is synchronous there.
import { and, asc, count, desc, eq, lt, sql } from "drizzle-orm";
import type { MemoryNote, MemoryRef } from "../../lib/memory";
import { memoryTextSchema } from "../../lib/schemas/memory";
import { existingIds } from "../account/existing-ids";
import { accountSchema, sqlOf, type AccountContext, type AccountDb } from "../account/schema";
import { MEMORY_CANDIDATES, MEMORY_TOKEN_BUDGET, searchQuery, withinBudget, type CustomInstructions } from "./context";
import { mayKeepExtracted } from "./sensitive";

const { memories, memorySettings, memoryNotes, birthProfiles, chatMessages, accountMeta } = accountSchema;

/** At most this many memories per account: the extraction job keeps nothing new past it (SECURITY.md "Memory"). */
export const MEMORY_COUNT_MAX = 1_000;
/** At most this many memories saved or changed by one turn. */
const PER_TURN_MAX = 3;
const SETTINGS_ROW = 1;
/**
 * account_meta: how many times this account's memory was forgotten ("Delete all memories", or the switch turned off).
 * A turn carries the count it was composed under, and its extraction keeps nothing once the count has moved on
 * (decision 0027): a count, not a clock time, because two moments in one object can share a millisecond.
 */
const FORGOTTEN = "memory-forgotten";

export interface MemorySettings extends CustomInstructions {
  enabled: boolean;
}

export interface StoredMemory extends MemoryRef {
  sourceThreadId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What one proposal of the extraction job asks: a new memory, or a new text for one already kept (`replaces`). */
export interface MemoryProposal {
  text: string;
  replaces?: string | null;
}

/**
 * The settings row and the forgetting count (FORGOTTEN), read together. Read on every turn's way to its request: one
 * statement written as SQL, no query built per call (decision 0009). It needs the object's own db (a transaction's
 * has no storage handle); inside a transaction that is the same synchronous storage the transaction runs on.
 */
function memoryState(db: AccountDb): { settings: MemorySettings; mark: number } {
  const [row] = sqlOf(db)
    .exec<{ enabled: number | null; aboutYou: string | null; answerStyle: string | null; mark: string | null }>(
      `SELECT s.enabled, s.about_you AS aboutYou, s.answer_style AS answerStyle, (SELECT value FROM account_meta WHERE key = ?) AS mark
       FROM (SELECT 1) LEFT JOIN memory_settings s ON s.id = ?`,
      FORGOTTEN,
      SETTINGS_ROW,
    )
    .toArray();
  return {
    settings: { enabled: row?.enabled == null ? true : row.enabled === 1, aboutYou: row?.aboutYou ?? "", answerStyle: row?.answerStyle ?? "" },
    mark: row?.mark ? Number(row.mark) : 0,
  };
}

const settingsOf = (db: AccountDb): MemorySettings => memoryState(db).settings;

function saveSettings(db: AccountDb, change: Partial<MemorySettings>) {
  const set = { ...change, updatedAt: Date.now() };
  db.insert(memorySettings)
    .values({ id: SETTINGS_ROW, ...set })
    .onConflictDoUpdate({ target: memorySettings.id, set })
    .run();
}

/** The forgetting count a turn or a pressed "Save to memory?" is stamped with now (0 until memory is first forgotten). */
export const forgetMark = (db: AccountDb): number => memoryState(db).mark;

function forget(db: AccountDb) {
  const value = String(forgetMark(db) + 1);
  db.insert(accountMeta).values({ key: FORGOTTEN, value }).onConflictDoUpdate({ target: accountMeta.key, set: { value } }).run();
}

/**
 * The notes under answers copy memory texts: deleting a memory takes its entries out of every note (all entries when
 * every memory goes), so no answer still shows what the person deleted (decision 0027). A note left empty shows nothing.
 */
function forgetInNotes(db: AccountDb, id?: string) {
  if (id === undefined) {
    db.update(memoryNotes).set({ used: "[]", updated: "[]" }).run();
    return;
  }
  const without = (list: string) => JSON.stringify((JSON.parse(list) as MemoryRef[]).filter((memory) => memory.id !== id));
  const rows = db
    .select()
    .from(memoryNotes)
    .where(sql`instr(${memoryNotes.used}, ${id}) > 0 OR instr(${memoryNotes.updated}, ${id}) > 0`)
    .all();
  for (const row of rows) {
    db.update(memoryNotes)
      .set({ used: without(row.used), updated: without(row.updated) })
      .where(eq(memoryNotes.messageId, row.messageId))
      .run();
  }
}

function listMemories(db: AccountDb): StoredMemory[] {
  return db
    .select({ id: memories.id, text: memories.text, sourceThreadId: memories.sourceThreadId, createdAt: memories.createdAt, updatedAt: memories.updatedAt })
    .from(memories)
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .all();
}

const refs = (rows: { id: string; text: string }[]): MemoryRef[] => rows.map(({ id, text }) => ({ id, text }));

/** The memories that best fit `question` within the budget: all while they fit, else matches then the most recent. */
function memoriesFor(db: AccountDb, question: string, budget = MEMORY_TOKEN_BUDGET): MemoryRef[] {
  const total = sqlOf(db).exec<{ rows: number; chars: number }>("SELECT count(*) AS rows, coalesce(sum(length(text)), 0) AS chars FROM memories").one();
  const everything = () => refs(db.select({ id: memories.id, text: memories.text }).from(memories).orderBy(asc(memories.createdAt)).all());
  if (!total || total.rows === 0) return [];
  // The estimate of the whole list, as withinBudget counts it: every one fits, so every one is sent.
  // At most what withinBudget would count for the whole list (each memory rounds up once, plus its line): all fit.
  if (Math.ceil(total.chars / 3) + total.rows * 2 <= budget) return everything();
  const query = searchQuery(question);
  const matches = query
    ? db.all<MemoryRef>(sql`SELECT m.id AS id, m.text AS text FROM memory_search s JOIN memories m ON m.id = s.memory_id
        WHERE memory_search MATCH ${query} ORDER BY bm25(memory_search) LIMIT ${MEMORY_CANDIDATES}`)
    : [];
  const recent = db.select({ id: memories.id, text: memories.text }).from(memories).orderBy(desc(memories.updatedAt)).limit(MEMORY_CANDIDATES).all();
  return withinBudget([...matches, ...recent], budget);
}

function noteOf(row: typeof memoryNotes.$inferSelect): MemoryNote {
  return { used: JSON.parse(row.used) as MemoryRef[], updated: JSON.parse(row.updated) as MemoryRef[], pending: row.pending, offer: row.offer };
}

/** Written by the turn's runner when a turn ends (jobs.ts afterTurn): what it was sent, and whether a job will follow. */
export function recordNote(db: AccountDb, note: { messageId: string; threadId: string; used: MemoryRef[]; pending: boolean; offer: boolean }) {
  // A memory deleted while the answer was streaming is not named under it.
  const ids = note.used.map((memory) => memory.id);
  const kept = existingIds(db, memories, ids);
  const values = { used: JSON.stringify(note.used.filter((memory) => kept.has(memory.id))), pending: note.pending, offer: note.offer };
  db.insert(memoryNotes)
    .values({ messageId: note.messageId, threadId: note.threadId, ...values })
    .onConflictDoUpdate({ target: memoryNotes.messageId, set: values })
    .run();
}

/** A proposal as it would be stored, or null when the rules refuse it (markup, length, sensitive data). */
function acceptable(proposal: MemoryProposal, question: string): string | null {
  const parsed = memoryTextSchema.safeParse(String(proposal.text ?? "").replace(/\s+/g, " "));
  if (!parsed.success) return null;
  return mayKeepExtracted(parsed.data, question) ? parsed.data : null;
}

export const memoryOperations = {
  /** Settings › Memory in one call: the switch, the instructions, the memories newest first, and the birth data. */
  "memory.page": ({ db }: AccountContext) => {
    const birth = db.select().from(birthProfiles).get();
    return {
      settings: settingsOf(db),
      memories: listMemories(db),
      birthProfile: birth ? { birthDate: birth.birthDate, birthTime: birth.birthTime, placeId: birth.placeId } : null,
    };
  },
  "memory.edit": ({ db }: AccountContext, input: { id: string; text: string }): boolean =>
    db.update(memories).set({ text: input.text, updatedAt: Date.now() }).where(eq(memories.id, input.id)).returning({ id: memories.id }).all().length > 0,
  "memory.delete": ({ db }: AccountContext, input: { id: string }): boolean =>
    db.transaction((tx) => {
      const deleted = tx.delete(memories).where(eq(memories.id, input.id)).returning({ id: memories.id }).all().length > 0;
      if (deleted) forgetInNotes(tx, input.id);
      return deleted;
    }),
  /** Every memory, their entries in the notes, and whatever an extraction queued before now would have kept. */
  "memory.deleteAll": ({ db }: AccountContext): number =>
    db.transaction((tx) => {
      const deleted = tx.delete(memories).returning({ id: memories.id }).all().length;
      forgetInNotes(tx);
      forget(db);
      return deleted;
    }),
  /** Turned off, an extraction queued before keeps nothing, even if memory is on again by the time it runs. */
  "memory.setEnabled": ({ db }: AccountContext, input: { enabled: boolean }) =>
    db.transaction((tx) => {
      saveSettings(tx, { enabled: input.enabled });
      if (!input.enabled) forget(db);
    }),
  "memory.setInstructions": ({ db }: AccountContext, input: CustomInstructions) => saveSettings(db, input),

  /** What a turn is sent: the instructions always, the memories when the switch is on and the turn may use them. */
  "memory.forTurn": ({ db }: AccountContext, input: { question: string; withMemories: boolean }) => {
    const { settings, mark } = memoryState(db);
    const use = settings.enabled && input.withMemories;
    return {
      enabled: settings.enabled,
      instructions: { aboutYou: settings.aboutYou, answerStyle: settings.answerStyle },
      memories: use ? memoriesFor(db, input.question) : [],
      mark,
    };
  },

  /**
   * What the extraction job needs: whether it may still keep anything (memory on, and not forgotten since its turn),
   * and the kept memories closest to the question.
   */
  "memory.candidates": ({ db }: AccountContext, input: { question: string; mark?: number }) => {
    const state = memoryState(db);
    const enabled = state.settings.enabled && (input.mark ?? 0) >= state.mark;
    return { enabled, memories: enabled ? memoriesFor(db, input.question, MEMORY_TOKEN_BUDGET) : [] };
  },

  /**
   * Keeps what the extraction job proposed from one turn, within the rules (switch on, no sensitive data, no markup,
   * within the limits, no duplicate, a change only of a memory the job was `shown` and that still exists, nothing from a
   * turn older than the last forgetting, `mark`), and finishes that answer's note. A job that failed applies no proposals.
   */
  "memory.apply": (
    { db }: AccountContext,
    input: { messageId: string; threadId: string; question: string; proposals: MemoryProposal[]; shown: string[]; mark?: number },
  ): MemoryRef[] => {
    const updated: MemoryRef[] = [];
    const now = Date.now();
    db.transaction((tx) => {
      // A job without a mark was queued before marks existed: it counts as older than any forgetting.
      const state = memoryState(db);
      // The chat it was learnt from was deleted while the job ran ("Delete all chats", or the one chat): nothing of it is kept.
      const answerKept = tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, input.messageId)).get();
      if (answerKept && state.settings.enabled && (input.mark ?? 0) >= state.mark) {
        for (const proposal of input.proposals.slice(0, PER_TURN_MAX)) {
          const text = acceptable(proposal, input.question);
          if (!text) continue;
          // An id the model was not shown came from the turn's text, not from the candidates: it changes nothing.
          if (proposal.replaces && !input.shown.includes(proposal.replaces)) continue;
          const same = tx
            .select({ id: memories.id })
            .from(memories)
            .where(sql`lower(${memories.text}) = lower(${text})`)
            .get();
          if (same) continue;
          const source = { sourceThreadId: input.threadId, sourceMessageId: input.messageId };
          const replaced = proposal.replaces
            ? tx
                .update(memories)
                .set({ text, ...source, updatedAt: now })
                .where(eq(memories.id, proposal.replaces))
                .returning({ id: memories.id })
                .get()
            : undefined;
          if (replaced) updated.push({ id: replaced.id, text });
          // A change of a memory deleted while the job ran changes nothing: it neither comes back nor is kept anew.
          if (proposal.replaces) continue;
          const kept = tx.select({ rows: count() }).from(memories).get();
          if ((kept?.rows ?? 0) >= MEMORY_COUNT_MAX) break;
          const id = crypto.randomUUID();
          tx.insert(memories)
            .values({ id, text, ...source, createdAt: now, updatedAt: now })
            .run();
          updated.push({ id, text });
        }
      }
      // A note under an answer that is gone would outlive its chat.
      if (!answerKept) return;
      const values = { updated: JSON.stringify(updated), pending: false, offer: false };
      tx.insert(memoryNotes)
        .values({ messageId: input.messageId, threadId: input.threadId, ...values })
        .onConflictDoUpdate({ target: memoryNotes.messageId, set: values })
        .run();
    });
    return updated;
  },

  /**
   * "Save to memory?" pressed (jobs.ts saveOffered): uses up the answer's offer and answers what the job reads, the
   * person's question that answer replied to, with the note now pending. Null when the answer offers nothing.
   */
  "memory.takeOffer": ({ db }: AccountContext, input: { messageId: string }) => {
    const row = db.select().from(memoryNotes).where(eq(memoryNotes.messageId, input.messageId)).get();
    if (!row?.offer) return null;
    const answer = db
      .select({ threadId: chatMessages.threadId, model: chatMessages.model, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.role, "assistant")))
      .get();
    const question = answer
      ? db
          .select({ content: chatMessages.content })
          .from(chatMessages)
          .where(and(eq(chatMessages.threadId, answer.threadId), eq(chatMessages.role, "user"), lt(chatMessages.createdAt, answer.createdAt)))
          .orderBy(desc(chatMessages.createdAt))
          .limit(1)
          .get()
      : undefined;
    if (!answer || !question) return null;
    db.update(memoryNotes).set({ offer: false, pending: true }).where(eq(memoryNotes.messageId, input.messageId)).run();
    const note = noteOf({ ...row, offer: false, pending: true });
    return { threadId: answer.threadId, question: question.content, model: answer.model ?? "", note, mark: forgetMark(db) };
  },
  /** The extraction of a pressed offer could not be queued: the answer offers it again. */
  "memory.restoreOffer": ({ db }: AccountContext, input: { messageId: string }) => {
    db.update(memoryNotes).set({ offer: true, pending: false }).where(eq(memoryNotes.messageId, input.messageId)).run();
  },

  /** The note under one answer (null when it has none: another account's, or one memory played no part in). */
  "memory.note": ({ db }: AccountContext, input: { messageId: string }): MemoryNote | null => {
    const row = db.select().from(memoryNotes).where(eq(memoryNotes.messageId, input.messageId)).get();
    return row ? noteOf(row) : null;
  },
};

/** A thread's messages with the note of each answer memory had a part in (its page shows it under the answer). */
export function withThreadMemoryNotes<Message extends { id: string }>(
  db: AccountDb,
  threadId: string,
  messages: Message[],
): (Message & { memory?: MemoryNote })[] {
  const rows = db.select().from(memoryNotes).where(eq(memoryNotes.threadId, threadId)).all();
  const notes = new Map(rows.map((row) => [row.messageId, noteOf(row)]));
  return messages.map((message) => {
    const note = notes.get(message.id);
    return note ? { ...message, memory: note } : message;
  });
}
