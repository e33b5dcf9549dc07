// Storing an uploaded document (decision 0031): checked by content first (documents/check.ts, by the caller), then written
// to R2 under a server-made key, recorded in the account's own object and queued for reading. Nothing is kept when
// the check fails; if the row cannot be written the file is removed again, and if the reading cannot be queued the
// document is marked failed rather than left "reading" for ever.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { quotaFilled } from "../images/uploads";
import { deleteR2Keys } from "../storage/r2";
import type { UploadedFile } from "../http/request";
import { DOCUMENT_EXTENSIONS, type DocumentCheck } from "./check";
import { accountFileKey } from "../account/files";

/**
 * The name shown on the chip and in the gallery: the file's own, without path or control characters, at most 120
 * characters, cut between code points (a UTF-16 cut could leave half an emoji, which storage turns into garbage).
 */
export function documentName(name: string, extension: string): string {
  const cleaned = (name.split(/[\\/]/).pop() ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  const base = Array.from(cleaned).slice(0, 120).join("").trim();
  return base || `document.${extension}`;
}

/**
 * Stores an uploaded document checkDocument accepted (checked before the day's upload allowance is taken, decision
 * 0013); within `quotaBytes` when given (an account's upload), else 413 with nothing kept. `temporary`: the page's
 * temporary chat attaches it, so it is kept an hour at most (decision 0027).
 */
export async function storeDocument(env: AppEnv, ownerId: string, { file, bytes }: UploadedFile, check: DocumentCheck, quotaBytes?: number, temporary = false) {
  const id = crypto.randomUUID();
  const extension = DOCUMENT_EXTENSIONS[check.contentType];
  const r2Key = accountFileKey("documents", ownerId, `${id}.${extension}`);
  await env.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: check.contentType } });
  let document;
  try {
    document = await inAccount(env, ownerId, "documents.record", {
      id,
      name: documentName(file.name, extension),
      contentType: check.contentType,
      r2Key,
      bytes: bytes.length,
      pages: check.pages,
      quotaBytes,
      temporary,
    });
  } catch (error) {
    await env.MEDIA.delete(r2Key);
    throw error;
  }
  if (!document) {
    await env.MEDIA.delete(r2Key);
    throw quotaFilled(quotaBytes!);
  }
  try {
    await env.DOCUMENT_READS.send({ documentId: id, accountId: ownerId, ...(quotaBytes === undefined ? {} : { quotaBytes }) });
  } catch (error) {
    console.error("documents: the reading could not be queued", id, error);
    await inAccount(env, ownerId, "documents.fail", { id, failure: "document/read-failed" });
    return { id, kind: "document" as const, document: { ...document, state: "failed" as const, failure: "document/read-failed" } };
  }
  return { id, kind: "document" as const, document };
}

/** One of the account's documents as its stored row (its file's key among the rest), or 404 (gone, or another account's id). */
export async function requireDocumentRow(env: AppEnv, ownerId: string, id: string) {
  const document = await inAccount(env, ownerId, "documents.find", { id });
  if (!document) throw new AppError("request/not-found");
  return document;
}

/** Deletes one of the account's documents: its rows first, then its file (a failure leaves a file no row names). */
export async function deleteDocument(env: AppEnv, ownerId: string, id: string): Promise<void> {
  const key = await inAccount(env, ownerId, "documents.delete", { id });
  if (!key) throw new AppError("request/not-found");
  await deleteR2Keys(env, [key]);
}

/** A page of the gallery's Files tab: the account's documents after `cursor`, newest first, with their threads' titles. */
export function galleryFiles(env: AppEnv, ownerId: string, cursor: string | null) {
  return inAccount(env, ownerId, "documents.files", { cursor });
}
