// The chats of "Download my data" (decision 0018): each thread as the thread export makes it, in Markdown and JSON
// (chat/export.ts). Messages come from the account's object in pages of a few MB (pages.ts): short threads many to a
// read, a long one page by page, streamed into its files twice (once per format) so it is never whole in memory and no
// reply nears RPC's 32 MiB limit, whatever its length. The memory notes under answers are read the same way.
import { inAccount } from "../account/client";
import { exportPieces, renderExport, slugify, type ExportContent, type ExportLabels } from "../chat/export";
import type { AppEnv } from "../env";
import type { ChatsCursor, ChatsPage, Cursor, MemoryNotesPage } from "./pages";
import { jsonArrayParts, type StreamingZip } from "./zip-writer";
import { isoDay, isoTime } from "./archive-format";

/** Threads one read of the object is asked about (their messages still come within its page's bounds). */
const THREADS_PER_READ = 25;

interface Thread {
  id: string;
  title: string;
  createdAt: number;
}

interface ChatsWriting {
  env: AppEnv;
  ownerId: string;
  zip: StreamingZip;
  labels: ExportLabels;
  /** Called once a thread's two files are written: each is one step of the export's progress (archive.ts). */
  step: () => Promise<void>;
}

/** Writes every thread's two files; answers the file (without extension) each thread went to. */
export async function writeChats(threads: Thread[], writing: ChatsWriting): Promise<Map<string, string>> {
  const chatFiles = new Map<string, string>();
  const write = async (thread: Thread, messages: ExportContent["messages"] | null) => {
    const base = `chats/${isoDay(thread.createdAt)}-${slugify(thread.title)}-${thread.id.slice(0, 8)}`;
    chatFiles.set(thread.id, base);
    for (const format of ["md", "json"] as const) {
      if (messages) await writing.zip.addText(`${base}.${format}`, renderExport({ thread, messages }, format, writing.labels).body, thread.createdAt);
      else await writing.zip.addTextParts(`${base}.${format}`, threadParts(writing, thread, format), thread.createdAt);
    }
    await writing.step();
  };

  for (let start = 0; start < threads.length; start += THREADS_PER_READ) {
    const group = threads.slice(start, start + THREADS_PER_READ);
    const threadIds = group.map((thread) => thread.id);
    let after: ChatsCursor | null = null;
    let next = 0;
    do {
      const page: ChatsPage = await inAccount(writing.env, writing.ownerId, "dataExports.chats", { threadIds, after });
      // Every thread before the one the next read starts in is complete in this page.
      const stop = page.next ? threadIds.indexOf(page.next.threadId) : group.length;
      for (; next < stop; next += 1) await write(group[next]!, page.messages[group[next]!.id] ?? []);
      after = page.next;
      if (after && after.at !== null) {
        // A thread longer than a page: written page by page, then the group goes on after it.
        await write(group[next]!, null);
        next += 1;
        after = next < group.length ? { threadId: threadIds[next]!, at: null, id: null } : null;
      }
    } while (after);
  }
  return chatFiles;
}

/** One long thread's file in pieces: its head, its messages page by page, its tail. */
async function* threadParts({ env, ownerId, labels }: ChatsWriting, thread: Thread, format: "md" | "json"): AsyncGenerator<string> {
  const pieces = exportPieces(thread, format, labels);
  yield pieces.head;
  let after: ChatsCursor | null = null;
  let first = true;
  do {
    const page: ChatsPage = await inAccount(env, ownerId, "dataExports.chats", { threadIds: [thread.id], after });
    for (const message of page.messages[thread.id] ?? []) {
      yield pieces.message(message, first);
      first = false;
    }
    after = page.next;
  } while (after);
  yield pieces.tail(!first);
}

/** memory-notes.json: what memory did under each answer (the memories it was sent, those it saved), by chat file. */
export async function writeMemoryNotes({ env, ownerId, zip }: Pick<ChatsWriting, "env" | "ownerId" | "zip">, chatFiles: Map<string, string>, now: number) {
  async function* pages() {
    let after: Cursor | null = null;
    do {
      const page: MemoryNotesPage = await inAccount(env, ownerId, "dataExports.memoryNotes", { after });
      yield page.notes.map((note) => ({
        chat: chatFiles.has(note.threadId) ? `${chatFiles.get(note.threadId)}.md` : null,
        answeredAt: isoTime(note.answeredAt),
        memoriesUsed: note.used,
        memoriesSaved: note.updated,
        offeredToSave: note.offer,
      }));
      after = page.next;
    } while (after);
  }
  await zip.addTextParts("memory-notes.json", jsonArrayParts(pages()), now);
}
