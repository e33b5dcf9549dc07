// "Import from ChatGPT" (decision 0040-import-chatgpt): the upload is streamed to R2 under the account's imports
// folder (never held whole), read there in bounded memory (chatgpt-file.ts), and either refused (4xx, nothing kept)
// or prepared as one file of conversations that the account's object writes as chats in the background.
import { inAccount } from "../account/client";
import { accountFileKey } from "../account/files";
import { storageQuotaOf } from "../account/usage";
import { randomToken } from "../auth/crypto";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import type { ChatImportView } from "../../lib/schemas/imports";
import { IMPORT_PART_SIZE, importPartKey, importPartKeys } from "./chatgpt-format";
import { MAX_IMPORT_UPLOAD_BYTES, readChatgptExport } from "./chatgpt-file";

export async function latestImport(env: AppEnv, accountId: string): Promise<ChatImportView | null> {
  return inAccount(env, accountId, "imports.latest");
}

/** Deletes the first `count` prepared parts under `prefix` (R2 deletes up to 1,000 keys in one call; an import has at most 100). */
async function deleteParts(env: AppEnv, prefix: string, count: number): Promise<void> {
  if (count > 0) await env.MEDIA.delete(importPartKeys(prefix, count * IMPORT_PART_SIZE));
}

/** Streams the body to R2 as it arrives, exactly its declared length (over the cap is refused before a byte is read). */
async function keepUpload(env: AppEnv, key: string, body: ReadableStream<Uint8Array> | null, length: number): Promise<void> {
  if (!body || !Number.isSafeInteger(length) || length <= 0) throw new AppError("upload/empty");
  if (length > MAX_IMPORT_UPLOAD_BYTES) {
    await body.cancel().catch(() => undefined);
    throw new AppError("import/too-large");
  }
  try {
    await env.MEDIA.put(key, body.pipeThrough(new FixedLengthStream(length)));
  } catch (error) {
    // A body shorter or longer than it declared: nothing is kept.
    await env.MEDIA.delete(key);
    throw new AppError("import/corrupt", { cause: error });
  }
}

/**
 * Starts importing the export in `body` (a ChatGPT ZIP or its conversations.json) for a signed-in account: refused
 * with a 4xx, nothing kept, when it is too large, not an export, damaged, has too many conversations, does not fit the
 * storage quota, or another import runs or three ran today. Answers the import's first state.
 */
export async function startChatgptImport(
  env: AppEnv,
  account: { accountId: string; plan: "free" | "pro" },
  upload: { body: ReadableStream<Uint8Array> | null; length: number },
): Promise<ChatImportView> {
  const id = randomToken(16);
  const uploadKey = accountFileKey("imports", account.accountId, `${id}.upload`);
  await keepUpload(env, uploadKey, upload.body, upload.length);
  // The prepared conversations go to R2 in parts as they are read (chatgpt-format.ts IMPORT_PART_SIZE), never all
  // held at once; `r2Key` is the parts' common prefix.
  const r2Key = accountFileKey("imports", account.accountId, `${id}/`);
  let parts = 0;
  let conversations;
  try {
    conversations = await readChatgptExport(env.MEDIA, uploadKey, upload.length, async (batch, index) => {
      await env.MEDIA.put(importPartKey(r2Key, index), JSON.stringify(batch), { httpMetadata: { contentType: "application/json" } });
      parts = index + 1;
    });
  } catch (error) {
    await deleteParts(env, r2Key, parts);
    throw error;
  } finally {
    await env.MEDIA.delete(uploadKey);
  }
  if (typeof conversations === "string") {
    await deleteParts(env, r2Key, parts);
    throw new AppError(conversations);
  }
  const quotaBytes = storageQuotaOf(account.plan) ?? null;
  const outcome = await inAccount(env, account.accountId, "imports.begin", {
    id,
    r2Key,
    conversations,
    quotaBytes,
    now: clockNow(),
  }).catch(async (error: unknown) => {
    await deleteParts(env, r2Key, parts);
    throw error;
  });
  if (!outcome.ok) {
    await deleteParts(env, r2Key, parts);
    if (outcome.code === "import/rate-limited") throw new AppError(outcome.code, { retryAfterSeconds: secondsToWait(outcome.waitMs) });
    if (outcome.code === "import/quota-exceeded") throw new AppError(outcome.code, { quotaBytes: outcome.quotaBytes });
    throw new AppError(outcome.code);
  }
  return { id, status: "running", done: 0, total: outcome.row.total, imported: 0, skipped: 0, errorCode: null, quotaBytes: null };
}
