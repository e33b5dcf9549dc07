// Meta's billing of replies (docs/decisions/0036-whatsapp-number-object.md): since October 2026 replies inside the
// 24-hour window are metered (1,000 free a month per number), and past that, without a payment method, they are not
// delivered and their status says why. A status with a billing error pauses every reply of the sending number (the
// product's one number, so the pause is product-wide), the person sees why on the web (Settings' WhatsApp card) and the
// operator gets an alert in the error report. A delivery Meta reports after the error, or the operator, resumes them.
import type { AppConfig, AppEnv } from "../env";
import { reportOperatorAlert } from "../reporting";
import type { StatusUpdate } from "./inbox-message";
import type { RepliesPause } from "./number-object";

/**
 * Meta's error codes of a failed status that mean the business cannot be billed: 131042 "Business eligibility payment
 * issue" (no valid payment method, credit line over its limit, or the free tier used up without a payment method;
 * developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 */
export const BILLING_ERROR_CODES: ReadonlySet<string> = new Set(["131042"]);

/** The pause is read at most this often per worker: a pause or its clearing reaches every worker within it. */
const READ_EVERY_MS = 10_000;

let cached: { key: string; pause: RepliesPause | null; until: number } | null = null;

const keyOf = (config: AppConfig) => config.whatsapp.phoneNumberId ?? "none";

/** The sending number's instance of the number object: where the pause is kept. */
function sendingNumber(env: Pick<AppEnv, "WHATSAPP_NUMBER">, config: AppConfig) {
  return env.WHATSAPP_NUMBER.get(env.WHATSAPP_NUMBER.idFromName(`sending:${keyOf(config)}`));
}

function remember(config: AppConfig, pause: RepliesPause | null, now = Date.now()) {
  cached = { key: keyOf(config), pause, until: now + READ_EVERY_MS };
}

/** The pause of the sending number's replies, or null: read before answering and by Settings, never from D1. */
export async function repliesPause(env: Pick<AppEnv, "WHATSAPP_NUMBER">, config: AppConfig, now = Date.now()): Promise<RepliesPause | null> {
  if (cached && cached.key === keyOf(config) && cached.until > now) return cached.pause;
  const pause = await sendingNumber(env, config).pauseState();
  remember(config, pause, now);
  return pause;
}

/** What a batch of statuses says about billing: an error pauses replies (the operator is told once); a later delivery resumes them. */
export async function applyBillingSignals(env: AppEnv, config: AppConfig, statuses: StatusUpdate[]): Promise<void> {
  const billing = statuses.find((status) => status.status === "failed" && status.errorCode !== null && BILLING_ERROR_CODES.has(status.errorCode));
  if (billing) {
    const pause: RepliesPause = { at: billing.at ?? Date.now(), errorCode: billing.errorCode!, replyId: billing.id };
    const first = await sendingNumber(env, config).pause(pause);
    remember(config, pause);
    if (first) {
      await reportOperatorAlert(config, "WhatsApp replies paused: Meta reported a billing or payment error for the sending number", {
        errorCode: pause.errorCode,
        replyId: pause.replyId,
        resume: "fix the payment method in Meta's Business Manager, then DELETE /api/admin/whatsapp-pause (README)",
      });
    }
    return;
  }
  const delivered = statuses.filter((status) => status.status === "delivered" || status.status === "read").map((status) => status.at ?? 0);
  if (delivered.length === 0 || (await repliesPause(env, config)) === null) return;
  const cleared = await sendingNumber(env, config).resume(Math.max(...delivered));
  if (cleared) {
    remember(config, null);
    console.warn("whatsapp: replies resumed, Meta reported a delivery after the billing error", cleared.errorCode);
  }
}

/** The sending number's pause as its object keeps it (the operator's view; http/whatsapp-pause-admin.ts). */
export function currentPause(env: AppEnv, config: AppConfig): Promise<RepliesPause | null> {
  return sendingNumber(env, config).pauseState();
}

/** The operator clears the pause (after fixing the payment method in Meta's Business Manager). */
export async function clearPause(env: AppEnv, config: AppConfig): Promise<void> {
  const cleared = await sendingNumber(env, config).resume();
  remember(config, null);
  if (cleared) console.warn("whatsapp: replies resumed by the operator", cleared.errorCode);
}
