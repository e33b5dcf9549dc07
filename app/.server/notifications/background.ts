// The notifications this app sends for work that finished in the background (decision 0042): an image, a
// data export, an answer whose tab was closed. Each goes only if its switch is on, in the account's
// language, and never fails the work it reports: a push that cannot be sent is logged and forgotten.
import { eq } from "drizzle-orm";
import { inAccount } from "../account/client";
import { threadPath } from "../../lib/history";
import { accountSchema, type AccountContext } from "../account/schema";
import { findUser } from "../auth/accounts";
import type { AppEnv } from "../env";
import { notificationMessage, type NotificationText } from "./messages";
import { pushToDevices } from "./push";
import type { NotificationKind } from "./types";

const { chatThreads } = accountSchema;

const logged = (what: string) => (error: unknown) => console.warn(`notifications: ${what} not sent`, error instanceof Error ? error.message : "unknown error");

/** From outside the account's object (the image and export jobs): a visitor has no devices, so nothing is asked of it. */
export async function notifyAccount(env: AppEnv, accountId: string, kind: NotificationKind, text: NotificationText, url: string): Promise<void> {
  try {
    const user = await findUser(env, accountId);
    if (!user) return;
    await inAccount(env, accountId, "notifications.push", { kind, message: notificationMessage(user.locale, text, url) });
  } catch (error) {
    logged(kind)(error);
  }
}

/** Inside the account's object: "Your answer finished", naming the thread and opening it. */
export async function notifyAnswerFinished(account: AccountContext, threadId: string): Promise<void> {
  try {
    const thread = account.db
      .select({ id: chatThreads.id, tool: chatThreads.tool, toolPath: chatThreads.toolPath, title: chatThreads.title })
      .from(chatThreads)
      .where(eq(chatThreads.id, threadId))
      .get();
    if (!thread) return;
    const user = await findUser(account.env, account.accountId);
    if (!user) return;
    await pushToDevices(account, "answer-finished", notificationMessage(user.locale, "answerFinished", threadPath(thread), { thread: thread.title }));
  } catch (error) {
    logged("answer-finished")(error);
  }
}
