// Where a run's answer goes (docs/decisions/0045-schedules.md): a push to the person's devices
// (notifications/push.ts, inside the account's object), an e-mail with a link that pauses the schedule, or WhatsApp.
// What it did is the run's note in the history. A run that was skipped is pushed with the reason.
import type { Schedule } from "../../../db/account-schema";
import type { Locale } from "../../lib/constants";
import { inAccount } from "../account/client";
import { signValue, verifySignedValue } from "../auth/signing";
import { sendEmail } from "../email";
import { loadConfig, type AppEnv } from "../env";
import { i18nServer } from "../i18n";
import type { PushMessage } from "../notifications/types";
import { deliverToWhatsApp } from "../whatsapp/deliver";
import { scheduleEmail } from "./email";

interface Found {
  schedule: Schedule;
  plan: "free" | "pro";
  email: string | null;
}

const localeOf = (schedule: Schedule): Locale => (schedule.locale === "tr" ? "tr" : "en");

/** The signed link's value: whose schedule, which one. Its own purpose, so no other signed value pauses a schedule. */
export const unsubscribeToken = (env: AppEnv, accountId: string, scheduleId: string) =>
  signValue(loadConfig(env).sessionSecret, "schedule-unsubscribe", `${accountId}:${scheduleId}`);

export async function readUnsubscribeToken(env: AppEnv, token: string | null): Promise<{ accountId: string; scheduleId: string } | null> {
  const value = await verifySignedValue(loadConfig(env).sessionSecret, "schedule-unsubscribe", token);
  const [accountId, scheduleId] = value?.split(":") ?? [];
  return accountId && scheduleId ? { accountId, scheduleId } : null;
}

/** A short first part of the answer for a notification's body. */
const excerpt = (text: string) => {
  const plain = text
    .replace(/[#*_`>[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
};

/** Delivers a finished run; answers the run's note (what the delivery did). */
export async function deliver(env: AppEnv, found: Found, answer: { text: string; threadId: string }): Promise<string> {
  const { schedule } = found;
  const url = `/web-main/${answer.threadId}`;
  if (schedule.delivery === "email") {
    if (!found.email) return "noEmail";
    const origin = loadConfig(env).appOrigin ?? schedule.origin;
    const link = `${origin}/schedules/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(env, schedule.ownerId, schedule.id))}`;
    try {
      await sendEmail(
        env,
        await scheduleEmail({
          to: found.email,
          locale: localeOf(schedule),
          name: schedule.name,
          answer: answer.text,
          threadUrl: `${origin}${url}`,
          unsubscribe: link,
        }),
      );
      return "emailed";
    } catch (error) {
      console.error("schedules: e-mail not sent", error instanceof Error ? error.message : "unknown");
      return "emailFailed";
    }
  }
  if (schedule.delivery === "whatsapp") {
    return deliverToWhatsApp(env, {
      accountId: schedule.ownerId,
      plan: found.plan,
      locale: localeOf(schedule),
      text: answer.text,
      templateText: schedule.name,
    });
  }
  const outcome = await push(env, schedule, { title: schedule.name, body: excerpt(answer.text), url, tag: `schedule:${schedule.id}` });
  return outcome.sent > 0 ? "pushed" : "noDevices";
}

function push(env: AppEnv, schedule: Schedule, message: PushMessage) {
  return inAccount(env, schedule.ownerId, "schedules.push", message);
}

/** A skipped run is pushed with its reason (whatever the schedule's delivery: the person should know). */
export async function notifySkipped(env: AppEnv, found: Found, note: string): Promise<void> {
  const t = await i18nServer.getFixedT(localeOf(found.schedule), "schedules");
  await push(env, found.schedule, {
    title: t("skippedTitle", { name: found.schedule.name }),
    body: t(`notes.${note}`),
    url: "/schedules",
    tag: `schedule:${found.schedule.id}`,
  }).catch((error: unknown) => console.error("schedules: skip not pushed", error));
}
