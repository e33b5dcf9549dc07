// Deleting an account (docs/decisions/0033-account-deletion-job.md). The request does the first step: the account's
// object is marked erased (account/tombstone.ts: nothing more is written there, its answers stop), then in one D1
// batch its user row is marked as being deleted (no sign-in from then on) and a deletion record keeps
// what the later steps need; then a message goes to the account-deletions queue. The consumer runs the rest, each step
// safe to repeat and recorded when done, and the queue retries it until everything is gone: the object's storage,
// every R2 folder of the account and of the guests merged into it, its counters, and last its D1 rows with the record.
import { eq, inArray, lt, or, sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { creditsCounter } from "../credits/address";
import { getPrimaryDb, schema, type Database } from "../db";
import type { AppEnv } from "../env";
import { consumeEach } from "../queue-consumer";
import { deleteR2Keys, listR2Prefix } from "../storage/r2";
import { fairUseCounter } from "../voice/metering";
import { eraseNumbersOf } from "../whatsapp/number";
import { accountObject } from "./client";
import { accountFolderPrefix } from "./files";
import { forgetD1Rows } from "./move-from-d1";
import { accountFolders } from "./parts";
import type { AccountDeletionMessage } from "./messages";

export const ACCOUNT_DELETIONS_QUEUE = "account-deletions";

export type { AccountDeletionMessage };

/** A deletion still unfinished this long after it was asked for is enqueued again by the hourly cron. */
const RESUME_AFTER_MS = 24 * 60 * 60 * 1000;

type Step = (typeof schema.accountDeletions.$inferSelect)["step"];
type Deletion = typeof schema.accountDeletions.$inferSelect;

function isDeletionMessage(value: unknown): value is AccountDeletionMessage {
  return typeof value === "object" && value !== null && typeof (value as AccountDeletionMessage).accountId === "string";
}

/**
 * The first step, run by the request (settings/account.ts): from its end the person is signed out everywhere, cannot
 * sign in again, and their object writes nothing. Safe to ask again if it fails part way (each part is idempotent).
 */
export async function beginAccountDeletion(env: AppEnv, user: Pick<User, "id" | "email">, now = Date.now()): Promise<void> {
  // The guests merged into it are read here, before the job wipes the object that records them.
  const owners = await accountObject(env, user.id).markErased();
  const db = getPrimaryDb(env);
  const { users, accountDeletions } = schema;
  // The sessions were in the object just marked erased, which answers every one of them as ended (decision 0039).
  await db.batch([
    db.update(users).set({ deletingAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    db
      .insert(accountDeletions)
      .values({ userId: user.id, email: user.email, owners: JSON.stringify(owners), requestedAt: now })
      .onConflictDoNothing(),
  ]);
  await env.ACCOUNT_DELETIONS.send({ accountId: user.id });
}

export async function processAccountDeletions(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  await consumeEach(batch, {
    name: "account-deletions",
    isMessage: isDeletionMessage,
    handle: async ({ accountId }) => {
      // Caught here, not left to consumeEach: it acknowledges a message whose call was refused as "account deleted",
      // and no refusal may end a deletion early. Every failure is tried again until the last step is done.
      try {
        await runAccountDeletion(env, accountId);
        return "done";
      } catch (error) {
        console.error("account-deletions: a step failed, retried", accountId, error);
        return "retry";
      }
    },
    retryDelaySeconds: (attempts) => Math.min(300, 10 * 2 ** attempts),
  });
}

/**
 * The job: every step left, in order, each recorded when done so a retry goes on from the next. No record means the
 * deletion is finished (its last step deletes it) or was never asked for: nothing is done.
 */
export async function runAccountDeletion(env: AppEnv, accountId: string): Promise<void> {
  const db = getPrimaryDb(env);
  const deletion = await db.select().from(schema.accountDeletions).where(eq(schema.accountDeletions.userId, accountId)).get();
  if (!deletion) return;
  const owners = JSON.parse(deletion.owners) as string[];
  let step: Step = deletion.step;
  const done = async (next: Step) => {
    await db.update(schema.accountDeletions).set({ step: next }).where(eq(schema.accountDeletions.userId, accountId));
    step = next;
  };
  if (step === "storage") {
    await accountObject(env, accountId).erase();
    await done("files");
  }
  if (step === "files") {
    await deleteFilesOf(env, owners);
    await done("counters");
  }
  if (step === "counters") {
    await forgetCounters(env, accountId);
    await done("rows");
  }
  await deleteRows(db, deletion, owners);
}

/** Every file under the owners' folders (a file written after this is its writer's to delete, decision 0033). */
async function deleteFilesOf(env: AppEnv, owners: string[]): Promise<void> {
  for (const owner of owners) {
    // Every folder a part of the account claims (account/parts.ts, decision 0034): all of them go with the account.
    const keys = await Promise.all(accountFolders.map((folder) => listR2Prefix(env, accountFolderPrefix(folder, owner))));
    await deleteR2Keys(env, keys.flat());
  }
}

/**
 * The other objects keyed by the account: Pro's voice minutes, its credits counter from before its object, and its
 * WhatsApp number's object (whatsapp/part.ts; read through the link row, which goes with the D1 rows after this).
 */
async function forgetCounters(env: AppEnv, accountId: string): Promise<void> {
  await fairUseCounter(env, accountId).forgetAll();
  await creditsCounter(env, accountId).forgetAll();
  await eraseNumbersOf(env, accountId);
}

/**
 * The last step: the rows it had in the old per-account tables (a batch of their own, skipped once those tables are
 * dropped: account/move-from-d1.ts), then one D1 transaction: the user row (sessions, login connections, tokens,
 * passkeys, subscriptions, share links and WhatsApp links follow by cascade), the e-mails sent to its address, its
 * analytics rows and the guests', and the deletion record itself. Its WhatsApp numbers' messages were in their
 * objects, emptied by `forgetCounters`.
 */
async function deleteRows(db: Database, deletion: Deletion, owners: string[]): Promise<void> {
  const { users, emailOutbox, analyticsEvents } = schema;
  const accountId = deletion.userId;
  await forgetD1Rows(db, owners);
  await db.batch([
    db.delete(analyticsEvents).where(or(inArray(analyticsEvents.userId, owners), inArray(analyticsEvents.guestId, owners))),
    db.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = ${deletion.email.toLowerCase()}`),
    db.delete(users).where(eq(users.id, accountId)),
    db.delete(schema.accountDeletions).where(eq(schema.accountDeletions.userId, accountId)),
  ]);
}

/** The hourly cron's part (workers/app.ts): a deletion still unfinished a day after it was asked for is enqueued again. */
export async function resumeDeletions(env: Pick<AppEnv, "DB" | "ACCOUNT_DELETIONS">, now: number): Promise<number> {
  const { accountDeletions } = schema;
  const stalled = await getPrimaryDb(env)
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lt(accountDeletions.requestedAt, now - RESUME_AFTER_MS))
    .limit(100);
  for (const { userId } of stalled) await env.ACCOUNT_DELETIONS.send({ accountId: userId });
  return stalled.length;
}
