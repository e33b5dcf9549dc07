// Image jobs that never end (decision 0006, "A job that is lost"): a queue message lost or dropped (one in a format
// an older worker wrote, a message past its retries with no dead-letter run) leaves its job queued or running with its
// credits taken. The account's object sweeps its own jobs on its alarm: one untouched for an hour fails as
// image/provider-failed, its credits come back, and the person can try again. Runs inside the object.
import { and, inArray, lt, min } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { refundInAccount } from "../credits/account-credits";

/** The sweep's task on the account object's alarm (account/alarms.ts). */
export const STUCK_JOB_SWEEP_TASK = "imageJobs.sweep";
/** A job not moved on for this long is lost: the queue retries a message within minutes, and a picture takes seconds. */
export const STUCK_JOB_MS = 60 * 60 * 1000;

const { imageJobs } = accountSchema;
const UNFINISHED = ["queued", "running"] as const;

/** Fails and refunds the account's jobs untouched for STUCK_JOB_MS; answers when to look again (null: none unfinished). */
export async function sweepStuckJobs(account: AccountContext, now: number): Promise<number | null> {
  const stuck = account.db
    .update(imageJobs)
    .set({ status: "failed", errorCode: "image/provider-failed", updatedAt: now })
    .where(and(inArray(imageJobs.status, [...UNFINISHED]), lt(imageJobs.updatedAt, now - STUCK_JOB_MS)))
    .returning({ id: imageJobs.id, creditKey: imageJobs.creditKey })
    .all();
  for (const job of stuck) {
    await refundInAccount(account, job.creditKey);
    console.error("image-jobs: a job lost for an hour failed and refunded", job.id);
  }
  const oldest = account.db
    .select({ at: min(imageJobs.updatedAt) })
    .from(imageJobs)
    .where(inArray(imageJobs.status, [...UNFINISHED]))
    .get()?.at;
  return oldest === null || oldest === undefined ? null : oldest + STUCK_JOB_MS;
}

/** Wakes the sweep for a job stored (or moved in) at `at`. */
export function scheduleStuckJobSweep(account: Pick<AccountContext, "alarms">, at: number): Promise<void> {
  return account.alarms.schedule(STUCK_JOB_SWEEP_TASK, at + STUCK_JOB_MS);
}
