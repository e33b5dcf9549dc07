// Settings › Notifications (decision 0042): what the page shows, and the checks a browser's subscription
// passes before the account's object keeps it.
import type * as z from "zod";
import { notificationsActionSchema } from "../../lib/schemas/notifications";
import type { Locale } from "../../lib/constants";
import { inAccount } from "../account/client";
import { deviceOf } from "../auth/device-name";
import type { AppConfig, AppEnv } from "../env";
import { endpointProblem } from "./endpoint";
import { notificationMessage } from "./messages";

export async function notificationsPage(env: AppEnv, config: AppConfig, accountId: string) {
  const { devices, switches } = await inAccount(env, accountId, "notifications.page");
  return { publicKey: config.push.vapid?.publicKey ?? null, devices, switches };
}

/** Whether WebCrypto takes the browser's key as a point on P-256 (a 65-byte text can still be no point at all). */
async function isCurvePoint(p256dh: string): Promise<boolean> {
  try {
    const raw = Uint8Array.from(atob(p256dh.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "")), (char) => char.charCodeAt(0));
    await crypto.subtle.importKey("raw", raw, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** The page's form as the server checks it: the shared schema, plus the endpoint's address and the key's curve. */
export function notificationsFormSchema(config: AppConfig) {
  return notificationsActionSchema.superRefine(async (value, ctx) => {
    if (value.intent !== "subscribe") return;
    const problem = endpointProblem(value.endpoint, config.push.devServiceOrigin);
    if (problem) ctx.addIssue({ code: "custom", path: ["endpoint"], message: problem === "not-https" ? "validation.notHttps" : "validation.privateAddress" });
    if (!(await isCurvePoint(value.p256dh))) ctx.addIssue({ code: "custom", path: ["p256dh"], message: "validation.keys" });
  });
}

export type NotificationsForm = z.infer<typeof notificationsActionSchema>;

export function saveSubscription(env: AppEnv, accountId: string, form: Extract<NotificationsForm, { intent: "subscribe" }>, userAgent: string | null) {
  const label = deviceOf(userAgent)?.slice(0, 80) ?? "Browser";
  return inAccount(env, accountId, "notifications.subscribe", { endpoint: form.endpoint, p256dh: form.p256dh, auth: form.auth, label });
}

export function sendTestNotification(env: AppEnv, accountId: string, locale: Locale) {
  return inAccount(env, accountId, "notifications.test", notificationMessage(locale, "test", "/settings/notifications"));
}
