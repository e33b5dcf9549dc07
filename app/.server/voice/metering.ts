// What audio costs (docs/decisions/0025-voice.md): credits per started minute on the account's daily counter, like any
// action (idempotent by key, decision 0002). Pro's credits are unlimited, so its minutes are also counted on a second
// counter of the same kind, `voice:<account>`, capped at PRO_VOICE_MINUTES_DAILY a day (fair use).
import { PRO_VOICE_MINUTES_DAILY } from "../../lib/voice";
import { consumeCredits, refundCredits, type Plan } from "../credits";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";

export interface VoiceCharge {
  accountId: string;
  plan: Plan;
  /** Idempotency key: a retried request with the same key is charged once. */
  key: string;
  minutes: number;
  address?: string;
}

export const fairUseCounter = (env: Pick<AppEnv, "CREDITS">, accountId: string) => env.CREDITS.get(env.CREDITS.idFromName(`voice:${accountId}`));

/**
 * Charges the minutes, or throws credits/exhausted (no credits left) or voice/fair-use (Pro's daily minutes used).
 * `owed`: minutes already heard, charged past both limits (settleVoice).
 */
export async function chargeVoice(env: AppEnv, config: AppConfig, charge: VoiceCharge, { owed = false } = {}): Promise<void> {
  if (charge.plan === "pro") {
    const limit = owed ? null : PRO_VOICE_MINUTES_DAILY;
    const fairUse = await fairUseCounter(env, charge.accountId).consume({ key: charge.key, cost: charge.minutes, limit });
    if (!fairUse.ok) throw new AppError("voice/fair-use");
  }
  const result = await consumeCredits(env, config, { ...charge, action: "voiceMinute", units: charge.minutes, owed });
  if (!result.ok) throw new AppError("credits/exhausted");
}

/**
 * Puts right a charge made on the recording's measured length once the provider has said how long the audio it
 * heard was: the provider's minutes are charged (owed: past the day's limits, since the audio was heard) under
 * `<key>:heard`, and then the first charge is given back. Nothing changes when both agree. A retry of the same key
 * is charged again and given back again, so it still ends at the provider's minutes.
 */
export async function settleVoice(env: AppEnv, config: AppConfig, charge: VoiceCharge, heardMinutes: number): Promise<void> {
  if (heardMinutes === charge.minutes) return;
  await chargeVoice(env, config, { ...charge, key: `${charge.key}:heard`, minutes: heardMinutes }, { owed: true });
  await refundVoice(env, charge);
}

/** Gives a charge back (the audio could not be made): both counters, as it was taken. */
export async function refundVoice(env: AppEnv, charge: Pick<VoiceCharge, "accountId" | "plan" | "key">): Promise<void> {
  await refundCredits(env, charge.accountId, charge.key);
  if (charge.plan === "pro") await fairUseCounter(env, charge.accountId).refund(charge.key);
}
