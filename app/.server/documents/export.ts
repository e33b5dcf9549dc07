// Documents in "Download my data" (decisions 0018, 0031): under documents/, each original file as uploaded, its
// extracted text page by page, and documents.json listing them with their state and the chat each belongs to.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import type { StreamingZip } from "../exports/zip-writer";
import type { everyDocument } from "./operations";
import { isoDay, safeFileName } from "../exports/archive-format";

/** A file name safe in any unzip tool: letters, digits, dot, dash and underscore. */

/** A document's file name under documents/ (projects/export.ts names it from a project's folder too). */
export const documentArchiveName = (document: { id: string; name: string; createdAt: number }) =>
  `${isoDay(document.createdAt)}-${document.id.slice(0, 8)}-${safeFileName(document.name, 80)}`;

interface ArchiveWriting {
  zip: StreamingZip;
  /** The chat file (without extension) each thread was written to. */
  chatFiles: Map<string, string>;
  now: number;
  /** Called once a document is written: each is one step of the export's progress (exports/archive.ts). */
  step: () => Promise<void>;
}

/** Writes the documents the inventory listed; one deleted while the export runs keeps its entry without a file. */
export async function writeDocuments(
  env: AppEnv,
  ownerId: string,
  documents: ReturnType<typeof everyDocument>,
  { zip, chatFiles, now, step }: ArchiveWriting,
): Promise<void> {
  const listed = [];
  for (const document of documents) {
    const base = `${isoDay(document.createdAt)}-${document.id.slice(0, 8)}`;
    const object = await env.MEDIA.get(document.r2Key);
    const file = documentArchiveName(document);
    if (object) await zip.addStream(`documents/${file}`, object.body, document.createdAt);
    const pages = await inAccount(env, ownerId, "documents.text", { id: document.id });
    const text = pages.length > 0 ? `${base}-text.txt` : null;
    if (text) {
      const body = pages.map((page) => `--- p. ${page.number}${page.heading ? ` ${page.heading}` : ""} ---\n${page.text}`).join("\n\n");
      await zip.addText(`documents/${text}`, `${body}\n`, document.createdAt);
    }
    const chat = document.threadId ? chatFiles.get(document.threadId) : undefined;
    listed.push({
      name: document.name,
      type: document.contentType,
      bytes: document.bytes,
      pages: document.pages,
      state: document.state,
      failure: document.failure,
      createdAt: new Date(document.createdAt).toISOString(),
      file: object ? file : null,
      text,
      chat: chat ? `${chat}.md` : null,
    });
    await step();
  }
  await zip.addText("documents/documents.json", `${JSON.stringify(listed, null, 2)}\n`, now);
}
