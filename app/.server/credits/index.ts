// Daily credits: one CreditsCounter Durable Object per account or guest id (DESIGN "Credits and plans").
import type { ConsumeResult, CreditBalance } from "../../../workers/credits";
import { CREDIT_COSTS, type CreditAction } from "../../lib/constants";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";

export type Plan = "guest" | "free" | "pro";
export type { CreditBalance, ConsumeResult };

/** Daily limit for a plan; null means unlimited (Pro usage is still counted). */
export function dailyLimit(config: AppConfig, plan: Plan): number | null {
  if (plan === "pro") return null;
  return plan === "guest" ? config.credits.guestDaily : config.credits.freeDaily;
}

function counter(env: AppEnv, accountId: string) {
  return env.CREDITS.get(env.CREDITS.idFromName(accountId));
}

export async function consumeCredits(
  env: AppEnv,
  config: AppConfig,
  input: { accountId: string; plan: Plan; action: CreditAction; key: string; now?: number },
): Promise<ConsumeResult> {
  const result = await counter(env, input.accountId).consume({
    key: input.key,
    cost: CREDIT_COSTS[input.action],
    limit: dailyLimit(config, input.plan),
    now: input.now,
  });
  return result;
}

export async function refundCredits(env: AppEnv, accountId: string, key: string): Promise<boolean> {
  const { refunded } = await counter(env, accountId).refund(key);
  return refunded;
}

/** The balance shown before acting; a failure becomes SPEC §8 "Could not fetch credits". */
export async function getBalance(
  env: AppEnv,
  config: AppConfig,
  input: { accountId: string; plan: Plan; now?: number },
): Promise<CreditBalance> {
  try {
    return await counter(env, input.accountId).balance(dailyLimit(config, input.plan), input.now);
  } catch (cause) {
    throw new AppError("credits/fetch-failed", { cause });
  }
}
