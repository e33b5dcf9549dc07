// Shared by the documents integration tests (decision 0031): a signed-in browser whose app records the
// document-reads messages it sends (the test decides when the reader runs, as images-helpers does for image jobs),
// uploading, reading and asking, and readers of what the account's object and R2 hold.
import { eq, sql } from "drizzle-orm";
import type { DocumentReadMessage } from "../../app/.server/documents/messages";
import type { AppEnv } from "../../app/.server/env";
import type { DocumentView } from "../../app/lib/documents";
import documentReader from "../../workers/document-reader";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient, type Client } from "./auth-helpers";
import { sendTurn, upstreamEnv } from "./chat-helpers";
import { appEnv } from "./helpers";
import { deliver } from "./images-helpers";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A signed-in account whose app answers with `upstream` ("system" streams back the system text; null: the demo provider). */
export async function documentsAccount(upstream: string | null = "system") {
  const sent: DocumentReadMessage[] = [];
  const base = upstream ? upstreamEnv(upstream) : appEnv;
  const env = {
    ...base,
    DOCUMENT_READS: {
      async send(body: DocumentReadMessage) {
        sent.push(body);
      },
    },
  } as AppEnv;
  const { client, user } = await signedInClient();
  return { client: client.withEnv(env), user, env, sent };
}

export type UploadAnswer = {
  status: number;
  json: { ok?: boolean; id?: string; kind?: string; document?: DocumentView; error?: { code: string; message: string } };
};

export async function uploadFile(client: Client, bytes: Uint8Array, name: string, type: string): Promise<UploadAnswer> {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await client.fetch("/api/uploads", { method: "POST", body: form });
  return { status: response.status, json: (await response.json()) as UploadAnswer["json"] };
}

/** Runs the reader on every message the app sent so far (as the queue would), then answers the document as the chip polls it. */
export async function readAll(account: { client: Client; env: AppEnv; sent: DocumentReadMessage[] }, documentId: string) {
  const messages = account.sent.splice(0).map((body, index) => ({ id: `read-${index}-${body.documentId}`, body }));
  // The document-reader worker's queue handler (workers/document-reader.ts), as its queue would call it.
  await deliver(account.env, messages, "document-reads", documentReader as never);
  return getDocument(account.client, documentId);
}

export async function getDocument(client: Client, documentId: string) {
  const response = await client.fetch(`/api/documents/${documentId}`);
  return { status: response.status, json: (await response.json()) as { document?: DocumentView; error?: { code: string } } };
}

/** Uploads and reads a document; answers its id once ready (or failed). */
export async function uploadAndRead(account: Awaited<ReturnType<typeof documentsAccount>>, bytes: Uint8Array, name: string, type: string) {
  const uploaded = await uploadFile(account.client, bytes, name, type);
  if (uploaded.status !== 201 || !uploaded.json.id) throw new Error(`upload refused: ${JSON.stringify(uploaded)}`);
  const read = await readAll(account, uploaded.json.id);
  return { id: uploaded.json.id, document: read.json.document! };
}

/** Asks a question (attaching `attachmentId`, or continuing `threadId`); answers the turn as read to its end. */
export function ask(client: Client, message: string, options: { attachmentId?: string; threadId?: string } = {}) {
  return sendTurn(client, { message, ...options });
}

export async function documentRows(accountId: string) {
  return inAccountDb(accountId, (db) => db.select().from(accountSchema.documents).all());
}

export async function pageRows(accountId: string, documentId: string) {
  const { documentPages } = accountSchema;
  return inAccountDb(accountId, (db) => db.select().from(documentPages).where(eq(documentPages.documentId, documentId)).all());
}

/** The search index's rows for a document (what a question could still find). */
export async function searchRows(accountId: string, documentId: string) {
  return inAccountDb(accountId, (db) => db.all<{ number: number }>(sql`SELECT number FROM document_search WHERE document_id = ${documentId}`));
}

/** The R2 keys under the account's documents folder. */
export async function storedFiles(accountId: string): Promise<string[]> {
  const listed = await appEnv.MEDIA.list({ prefix: `documents/${accountId}/` });
  return listed.objects.map((object) => object.key);
}

/**
 * `count` text notes kept as the account's documents as a finished reading leaves them (its file in R2, its row, one
 * page of text), made straight in storage: note-0.txt the oldest, a minute apart.
 */
export async function seedTextDocuments(ownerId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    const id = crypto.randomUUID();
    const r2Key = `documents/${ownerId}/${id}.txt`;
    const text = `Note ${index}: the tide tables for week ${index}.`;
    await appEnv.MEDIA.put(r2Key, text, { httpMetadata: { contentType: "text/plain" } });
    const createdAt = Date.UTC(2026, 0, 1) + index * 60_000;
    await inAccountDb(ownerId, (db) => {
      db.insert(accountSchema.documents)
        .values({
          id,
          ownerId,
          name: `note-${index}.txt`,
          contentType: "text/plain",
          r2Key,
          bytes: text.length,
          pages: 1,
          state: "ready",
          chars: text.length,
          createdAt,
        })
        .run();
      db.insert(accountSchema.documentPages).values({ documentId: id, number: 1, heading: null, text }).run();
    });
  }
}
