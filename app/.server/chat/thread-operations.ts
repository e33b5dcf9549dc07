// Threads inside the account's own object (decision 0026): a thread's page, history pages and search, rename, star,
// delete and rate, against its SQLite. Run by chat/threads.ts through the account's client.
import { afterCursor, pageOf } from "../account/newest-first";
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../db/account-schema";
import type { DocumentView } from "../../lib/documents";
import type { MemoryNote } from "../../lib/memory";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { deleteThreadDocumentRows, documentView, threadDocumentViews } from "../documents/operations";
import { withThreadMemoryNotes } from "../memory/store";
import type { ProjectSummary, ThreadProject } from "../../lib/projects";
import { outsideProjects, projectOfThread, threadsOfProjectsNamed } from "../projects/chats";
import { projectImageIds } from "../projects/images";
import { projectSummaries, projectDocuments } from "../projects/operations";
import { HISTORY_PAGE_SIZE, type ThreadPage } from "./history";
import type { ResearchView } from "../../lib/schemas/research";
import { researchViewOfThread } from "../research/runs";

export interface MessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  status: "complete" | "streaming" | "failed" | "stopped";
  errorCode: string | null;
  feedback: "like" | "dislike" | null;
  attachmentId: string | null;
  /** A WhatsApp voice note kept with this question (played from /media/voice-notes/<id>, decision 0025). */
  voiceNote: boolean;
  createdAt: number;
}

export interface PageOptions {
  starredOnly?: boolean;
  /** "<updatedAt>:<id>" of the last thread of the previous page. */
  cursor?: string;
  limit?: number;
}

const { chatThreads, chatMessages, voiceNotes } = accountSchema;

function threadRow(db: AccountDb, threadId: string) {
  return db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get();
}

/** What a thread's page shows (chat.screen). */
export interface ThreadScreen {
  thread: { id: string; title: string; starred: boolean; tool: string; toolPath: string | null };
  messages: (MessageView & { memory?: MemoryNote })[];
  documents: Record<string, DocumentView>;
  /** The project the chat is in (its files are among `documents`, for citations), or null (decision 0038-projects). */
  project: ThreadProject | null;
  /** A web-search thread's deep research (decision 0043), read when asked for; null otherwise. */
  research: ResearchView | null;
}

/** What a thread's page asks for beside the thread: `documents` are the chat's file chips (a tool's thread attaches none). */
export interface ScreenOptions {
  memory: boolean;
  documents: boolean;
  /** The web-search page's research panel, in the same call (decision 0026: one call per page). */
  research?: boolean;
}

function threadMessageViews(db: AccountDb, threadId: string): MessageView[] {
  return db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      model: chatMessages.model,
      status: chatMessages.status,
      errorCode: chatMessages.errorCode,
      feedback: chatMessages.feedback,
      attachmentId: chatMessages.attachmentId,
      voiceNote: sql<boolean>`${voiceNotes.messageId} IS NOT NULL`.mapWith(Boolean),
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(voiceNotes, eq(voiceNotes.messageId, chatMessages.id))
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.createdAt))
    .all();
}

/** A part of a page read beside what it must show: its failure is logged and the page goes on without it. */
function readOr<T>(what: string, read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    console.error(`chat: the thread's ${what} could not be read`, error);
    return fallback;
  }
}

/** What a history list or a search shows of each thread. */
const threadSummary = {
  id: chatThreads.id,
  title: chatThreads.title,
  tool: chatThreads.tool,
  toolPath: chatThreads.toolPath,
  starred: chatThreads.starred,
  channel: chatThreads.channel,
  updatedAt: chatThreads.updatedAt,
};

/** A page of history, newest first (the index chat_threads_updated, or chat_threads_starred_updated). */
export function historyPage(db: AccountDb, options: PageOptions): ThreadPage {
  const limit = options.limit ?? HISTORY_PAGE_SIZE;
  const after = afterCursor({ time: chatThreads.updatedAt, id: chatThreads.id }, options.cursor);
  const rows = db
    .select(threadSummary)
    .from(chatThreads)
    // A project's chats are listed on its page, not in the history (decision 0038-projects).
    .where(and(options.starredOnly ? eq(chatThreads.starred, true) : undefined, outsideProjects(db), after.where))
    .orderBy(...after.orderBy)
    .limit(limit + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, limit, (row) => row.updatedAt);
  return { threads: page, nextCursor };
}

/** Turns what a person typed into a safe FTS5 query: each word a quoted prefix term, all required. */
export function toFtsQuery(text: string): string | null {
  const words = text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replace(/"/g, "")}"*`).join(" ");
}

/**
 * How many matches (messages and titles) a search reads, the newest-written messages first. Up to there a search is
 * exact: every thread that matches is a candidate. Past it (a word in nearly every message of a very long history) the
 * candidates are the threads of the newest-written matches, so a search stays a bounded query.
 */
const SEARCH_MATCHES_READ = 10_000;

export interface SearchOptions {
  limit: number;
  /** What the person typed, for the projects' names (toFtsQuery made `query` from it). */
  text?: string;
  /** The last thread of the previous page, as `nextCursor` named it. */
  cursor?: string;
}

/**
 * A page of the threads whose title or any message matches the FTS5 `query` (toFtsQuery), or whose project's name
 * holds `text`, newest first, paged like the history. The newest are chosen among every thread that matches (up to
 * SEARCH_MATCHES_READ), not among the first 500 in the index's own order (titles, then messages oldest first), which
 * missed a long history's latest chats.
 */
export function searchIn(db: AccountDb, query: string, options: SearchOptions): ThreadPage {
  const inProjects = threadsOfProjectsNamed(db, options.text ?? "");
  const matching = sql`${chatThreads.id} IN (SELECT thread_id FROM chat_search WHERE chat_search MATCH ${query} ORDER BY rowid DESC LIMIT ${SEARCH_MATCHES_READ})`;
  const after = afterCursor({ time: chatThreads.updatedAt, id: chatThreads.id }, options.cursor);
  const rows = db
    .select(threadSummary)
    .from(chatThreads)
    .where(and(inProjects ? or(matching, sql`${chatThreads.id} IN (${inProjects})`) : matching, after.where))
    .orderBy(...after.orderBy)
    .limit(options.limit + 1)
    .all();
  const { page, nextCursor } = pageOf(rows, options.limit, (row) => row.updatedAt);
  return { threads: page, nextCursor };
}

export const threadOperations = {
  /**
   * What a thread's page shows, in one call: the thread, its messages with what memory did for each answer (decision 0027;
   * `memory` for a signed-in account), the documents they attach (decision 0031) and, on the web-search page, its deep
   * research (decision 0043). Null when the account has no such thread. A page without the notes, documents or research
   * still shows the thread.
   */
  "chat.screen": ({ db }: AccountContext, input: { threadId: string } & ScreenOptions): ThreadScreen | null => {
    const thread = threadRow(db, input.threadId);
    if (!thread) return null;
    const messages = threadMessageViews(db, input.threadId);
    const found = readOr("project", () => projectOfThread(db, input.threadId), null);
    // A project chat's citations open the project's files too (decision 0038-projects).
    const files = found ? readOr("project files", () => projectDocuments(db, found.id), []) : [];
    // What the project holds already, so a chat's document or photo offers "Add to project" only when it does not.
    const images = found ? readOr("project images", () => projectImageIds(db, found.id), []) : [];
    const project = found && { ...found, fileIds: [...files.map((row) => row.id), ...images] };
    const projectFiles = () => Object.fromEntries(files.map((row) => [row.id, documentView(row)]));
    return {
      thread: { id: thread.id, title: thread.title, starred: thread.starred, tool: thread.tool, toolPath: thread.toolPath },
      messages: input.memory ? readOr("memory notes", () => withThreadMemoryNotes(db, input.threadId, messages), messages) : messages,
      documents: input.documents ? readOr("documents", () => ({ ...projectFiles(), ...threadDocumentViews(db, input.threadId) }), {}) : {},
      project,
      research: input.research ? readOr("research", () => researchViewOfThread(db, input.threadId), null) : null,
    };
  },
  "chat.exists": ({ db }: AccountContext, threadId: string): boolean => threadRow(db, threadId) !== undefined,
  "chat.page": ({ db }: AccountContext, options: PageOptions): ThreadPage => historyPage(db, options),
  /** The history panel's two lists (all, starred) in one call: the layout asks for both on every full page load. */
  "chat.historyPanel": ({ db }: AccountContext): { all: ThreadPage; starred: ThreadPage; projects: ProjectSummary[] } => ({
    all: historyPage(db, {}),
    starred: historyPage(db, { starredOnly: true }),
    // The sidebar lists projects above the history, read in the same call (decision 0038-projects).
    projects: readOr("projects", () => projectSummaries(db), []),
  }),
  /** Threads whose title or any message (or project name) matches, newest first; the matching ids stay inside SQLite. */
  "chat.search": ({ db }: AccountContext, input: SearchOptions & { query: string }): ThreadPage => searchIn(db, input.query, input),
  "chat.update": ({ db }: AccountContext, input: { threadId: string; title?: string; starred?: boolean }): boolean =>
    db.update(chatThreads).set({ title: input.title, starred: input.starred }).where(eq(chatThreads.id, input.threadId)).returning({ id: chatThreads.id }).all()
      .length > 0,
  /**
   * Deletes a thread and the documents it holds in one step; answers the documents' R2 keys for the caller to delete,
   * or null when the account has no such thread. Messages go with the thread (foreign key cascade), and the search
   * index with them (triggers).
   */
  "chat.delete": ({ db }: AccountContext, threadId: string): { documentKeys: string[] } | null =>
    db.transaction((tx) => {
      if (!threadRow(tx, threadId)) return null;
      const documentKeys = deleteThreadDocumentRows(tx, threadId);
      tx.delete(chatThreads).where(eq(chatThreads.id, threadId)).run();
      return { documentKeys };
    }),
  /** Every thread and the documents they hold (deleting all chats); answers how many threads, and the documents' R2 keys. */
  "chat.deleteAll": ({ db }: AccountContext): { threads: number; documentKeys: string[] } =>
    db.transaction((tx) => {
      const documentKeys = deleteThreadDocumentRows(tx);
      return { threads: tx.delete(chatThreads).returning({ id: chatThreads.id }).all().length, documentKeys };
    }),
  "chat.rate": ({ db }: AccountContext, input: { messageId: string; feedback: "like" | "dislike" | null }): boolean =>
    db
      .update(chatMessages)
      .set({ feedback: input.feedback })
      .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.role, "assistant")))
      .returning({ id: chatMessages.id })
      .all().length > 0,
  "chat.message": ({ db }: AccountContext, messageId: string): ChatMessage | null =>
    db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).get() ?? null,
};
