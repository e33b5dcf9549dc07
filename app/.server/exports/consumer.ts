// The data-exports queue consumer (decision 0018): builds the account's ZIP into R2 through a multipart upload, writes
// its progress to the row in the account's object (decision 0026) as it goes, marks it ready for 7 days and e-mails
// the link. Safe to redeliver: an export that
// is already ready, failed or expired is acknowledged untouched. A failed attempt aborts its upload and is retried by
// the queue; after the last attempt the export is marked failed, and the owner may press the button again.
import type { DataExport } from "../../../db/account-schema";
import { inAccount } from "../account/client";
import { notifyAccount } from "../notifications/background";
import { findUser } from "../auth/accounts";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import type { AppEnv } from "../env";
import { collectInventory, stepCount, writeArchive } from "./archive";
import { isDataExportMessage, type DataExportMessage } from "./messages";
import { exportKey } from "./operations";
import { downloadUrl } from "./requests";
import { R2PartWriter, StreamingZip } from "./zip-writer";
import { consumeEach } from "../queue-consumer";
import { isAccountDeleted } from "../account/tombstone";

/** The queue's max_retries (wrangler.toml) plus the first try. */
export const MAX_EXPORT_ATTEMPTS = 3;

export async function processDataExports(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  await consumeEach(batch, {
    name: "data-exports",
    isMessage: isDataExportMessage,
    handle: (message, attempts) => processDataExport(env, message, attempts),
    retryDelaySeconds: (attempts) => Math.min(60, 5 * 2 ** attempts),
  });
}

/** Builds one export. "retry" asks the queue for another delivery; "done" covers finished, failed and vanished ones. */
export async function processDataExport(env: AppEnv, message: DataExportMessage, attempt = 1): Promise<"done" | "retry"> {
  const { exportId: id, ownerId } = message;
  const row = await inAccount(env, ownerId, "dataExports.begin", { id, attempt, now: Date.now() });
  // Finished already (a redelivery), or the account was deleted meanwhile (its object's rows went with it).
  if (!row) return "done";
  const user = await findUser(env, row.ownerId);
  if (!user) return "done";

  const key = exportKey(row.ownerId, row.id);
  const upload = await env.MEDIA.createMultipartUpload(key, {
    httpMetadata: { contentType: "application/zip" },
    customMetadata: { owner: row.ownerId, export: row.id },
  });
  try {
    const inventory = await collectInventory(env, row.ownerId);
    const total = stepCount(inventory);
    let done = 0;
    let shown = 0;
    const writer = new R2PartWriter(upload);
    const zip = new StreamingZip(writer);
    await writeArchive(env, user, inventory, { zip, origin: message.origin }, async () => {
      done += 1;
      // At most about twenty writes per export, and never 100 before the archive is complete.
      const percent = Math.min(99, Math.floor((done / total) * 100));
      if (percent - shown >= 5) {
        shown = percent;
        await inAccount(env, ownerId, "dataExports.progress", { id, progress: percent, now: Date.now() });
      }
    });
    await zip.finish();
    const ready = await inAccount(env, ownerId, "dataExports.finish", { id, r2Key: key, bytes: writer.bytes, now: Date.now() });
    if (!ready) {
      // Deleted (account gone) or cleaned up while it ran: the archive has no row to be found by.
      await env.MEDIA.delete(key);
      return "done";
    }
    await emailReady(env, ready, user, message.origin);
    await notifyAccount(env, ownerId, "export-ready", "exportReady", "/settings/account#data-export-title");
    return "done";
  } catch (error) {
    await upload.abort().catch(() => undefined);
    if (isAccountDeleted(error)) {
      // The account is being deleted (decision 0033): no archive of it stays, even one its R2 sweep did not see.
      await env.MEDIA.delete(key);
      throw error;
    }
    console.error("data-exports: attempt failed", row.id, `attempt ${attempt}`, error);
    if (attempt < MAX_EXPORT_ATTEMPTS) return "retry";
    await inAccount(env, ownerId, "dataExports.fail", { id, errorCode: "export/failed", now: Date.now() });
    return "done";
  }
}

/** The link is also on the settings page, so an e-mail that cannot be sent is logged, not a failed export. */
async function emailReady(env: AppEnv, row: DataExport, user: { email: string; locale: "en" | "tr" }, origin: string) {
  try {
    const link = new URL(downloadUrl(row.id), origin).toString();
    await sendEmail(env, await accountEmail("dataExportReady", { to: user.email, link, locale: user.locale }));
  } catch (error) {
    console.error("data-exports: ready e-mail not sent", row.id, error instanceof Error ? error.message : "unknown error");
  }
}
