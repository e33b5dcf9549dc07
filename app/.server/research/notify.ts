// A research is done, wherever the person is (decision 0043): an e-mail with the thread's link, a web push of kind
// "research-done" to their devices (decision 0042, unless switched off) and, for a linked Pro number, a WhatsApp
// message with the summary and the link (whatsapp/deliver.ts: the 24-hour window or the template), all in their
// language. The report is in their history whatever happens, so a way that fails is logged and the others still go.
import type { ResearchRun } from "../../../db/account-schema";
import { accountSchema, type AccountContext } from "../account/schema";
import { eq } from "drizzle-orm";
import { planOf } from "../auth/plan-rule";
import { now as clockNow } from "../clock";
import { getDb, schema } from "../db";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import { fill } from "../horoscope/words";
import { resources } from "../i18n";
import { notificationMessage } from "../notifications/messages";
import { pushToDevices } from "../notifications/push";
import { deliverToWhatsApp } from "../whatsapp/deliver";
import type { ResearchReport } from "./report";

const logged = (what: string, id: string) => (error: unknown) =>
  console.error(`research: ${what} not sent`, id, error instanceof Error ? error.message : "unknown error");

/** The WhatsApp message: the title, the summary first (as in the report), then the link. */
function whatsappText(locale: "en" | "tr", run: ResearchRun, report: ResearchReport): string {
  return fill(resources[locale].search.research.whatsappDone, { title: report.title, summary: report.summary, link: run.link });
}

export async function notifyResearchDone(account: AccountContext, run: ResearchRun, report: ResearchReport): Promise<void> {
  // Read here, not through auth/accounts.ts: that module reaches the account's object, which holds this one.
  const user = await getDb(account.env).query.users.findFirst({ where: eq(schema.users.id, account.accountId) });
  if (!user) return;
  const locale = user.locale;
  const profile = account.db.select().from(accountSchema.viewerProfile).get();
  await Promise.all([
    accountEmail("researchReady", { to: user.email, link: run.link, locale })
      .then((email) => sendEmail(account.env, email))
      .catch(logged("e-mail", run.id)),
    pushToDevices(account, "research-done", notificationMessage(locale, "researchDone", `/web-search/${run.threadId}`, { title: report.title })).catch(
      logged("push", run.id),
    ),
    deliverToWhatsApp(account.env, {
      accountId: account.accountId,
      plan: profile ? planOf(profile, clockNow()) : "free",
      locale,
      text: whatsappText(locale, run, report),
      templateText: report.title,
    }).catch(logged("WhatsApp message", run.id)),
  ]);
}
