// Deleting an account in a test (docs/decisions/0033-account-deletion-job.md): the app with an account-deletions queue
// the test can see, so the test decides when the job runs (and with which faults), instead of the queue's consumer
// running it at some moment of its own.
import type { AccountDeletionMessage } from "../../app/.server/account/deletion";
import type { AppEnv } from "../../app/.server/env";
import type { ActionResult, Client } from "./auth-helpers";
import { appEnv } from "./helpers";
import { deliver, type QueueResult } from "./images-helpers";

/** `base` with ACCOUNT_DELETIONS replaced by a recorder of what the first step enqueues. */
export function deletionsEnv(base: AppEnv = appEnv) {
  const sent: AccountDeletionMessage[] = [];
  const env = { ...base, ACCOUNT_DELETIONS: { send: async (body: AccountDeletionMessage) => void sent.push(body) } } as AppEnv;
  return { env, sent };
}

/** Delivers the deletion messages to the app's consumer with `env` (a faulty one to interrupt a step), as one batch. */
export function runDeletions(env: AppEnv, messages: AccountDeletionMessage[], attempts = 1): Promise<QueueResult> {
  return deliver(
    env,
    messages.map((body, index) => ({ id: `deletion-${index}-${crypto.randomUUID()}`, body, attempts })),
    "account-deletions",
  );
}

/** "Delete account" in Settings, then the job the queue would run, to its end: the action's answer. */
export async function deleteAccountToTheEnd(client: Client): Promise<ActionResult> {
  const { env, sent } = deletionsEnv(client.env);
  const result = await client.withEnv(env).action("/settings/account", { intent: "delete-account" });
  if (sent.length > 0 && (await runDeletions(env, sent)).retryMessages.length > 0) throw new Error("the deletion job asked to be retried");
  return result;
}
