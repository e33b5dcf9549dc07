// A research is done, wherever the person is (decision 0043): an e-mail with the thread's
// link in their language. The link is also in their history, so an e-mail that cannot be sent is logged, not a failure.
import type { ResearchRun } from "../../../db/account-schema";
import type { AccountContext } from "../account/schema";
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import type { ResearchReport } from "./report";

export async function notifyResearchDone(account: AccountContext, run: ResearchRun, report: ResearchReport): Promise<void> {
  void report;
  // Read here, not through auth/accounts.ts: that module reaches the account's object, which holds this one.
  const user = await getDb(account.env).query.users.findFirst({ where: eq(schema.users.id, account.accountId) });
  if (!user) return;
  await sendEmail(account.env, await accountEmail("researchReady", { to: user.email, link: run.link, locale: user.locale }));
}
