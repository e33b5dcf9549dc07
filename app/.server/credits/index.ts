// Daily credits: one CreditsCounter Durable Object per account or guest id (docs/product.md §6), and for
// visitors one more per client address (docs/decisions/0011-guest-allowance.md).
import type { ConsumeResult, CreditBalance } from "./counter";
import { CREDIT_COSTS, type CreditAction } from "../../lib/constants";
import { nextUtcMidnight, utcDay } from "../../lib/time";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { addressBucket } from "./address";

export type Plan = "guest" | "free" | "pro";
export type { CreditBalance, ConsumeResult };

/** Daily limit for a plan; null means unlimited (Pro usage is still counted). */
export function dailyLimit(config: AppConfig, plan: Plan): number | null {
  if (plan === "pro") return null;
  return plan === "guest" ? config.credits.guestDaily : config.credits.freeDaily;
}

/** What all visitors from one address may spend in a day: a few guests' allowance (a shared office or phone network). */
export function addressLimit(config: AppConfig): number {
  return config.credits.guestDaily * config.credits.guestAddressFactor;
}

function counter(env: AppEnv, name: string) {
  return env.CREDITS.get(env.CREDITS.idFromName(name));
}

/** A guest charged without an address (no caller should) shares one counter with every other such guest. */
const addressCounter = (address: string | undefined) => `addr:${addressBucket(address ?? "unknown")}`;
/** The address counter holds every guest's charges: each key is the guest's own, so two guests never share one. */
const addressKey = (accountId: string, key: string) => `${accountId}:${key}`;

/** The balance as the stricter of two counters allows: the visitor's own, capped by what their address has left. */
function narrower(own: CreditBalance, shared: CreditBalance): CreditBalance {
  if (own.remaining === null || shared.remaining === null || shared.remaining >= own.remaining) return own;
  return { ...own, remaining: shared.remaining };
}

export async function consumeCredits(
  env: AppEnv,
  config: AppConfig,
  /**
   * `address`: the client's network address (CF-Connecting-IP); counted for guests only. `units`: how many of the
   * action one charge is (minutes of audio); one unless said.
   */
  input: { accountId: string; plan: Plan; action: CreditAction; key: string; now?: number; address?: string; units?: number },
): Promise<ConsumeResult> {
  const { accountId, key, now } = input;
  const cost = CREDIT_COSTS[input.action] * (input.units ?? 1);
  const limit = dailyLimit(config, input.plan);
  if (input.plan !== "guest") return counter(env, accountId).consume({ key, cost, limit, now });

  // The address first: a burst of new guest ids is refused there without a counter being made for each. Then the
  // guest's own; if it refuses, the address charge is rolled back. A crash in between can only leave the address
  // charged once too often, never a turn uncharged.
  const linked = addressCounter(input.address);
  const shared = await counter(env, linked).consume({ key: addressKey(accountId, key), cost, limit: addressLimit(config), now });
  if (!shared.ok) {
    const own = await counter(env, accountId).balance(limit, now);
    return { ok: false, duplicate: false, balance: narrower(own, shared.balance) };
  }
  let own: ConsumeResult;
  try {
    own = await counter(env, accountId).consume({ key, cost, limit, now, linked });
  } catch (error) {
    if (!shared.duplicate)
      await counter(env, linked)
        .refund(addressKey(accountId, key))
        .catch(() => undefined);
    throw error;
  }
  if (!own.ok && !shared.duplicate) await counter(env, linked).refund(addressKey(accountId, key));
  return { ...own, balance: narrower(own.balance, shared.balance) };
}

/** Gives a charge back, to the guest's address counter too when it was also made there. */
export async function refundCredits(env: AppEnv, accountId: string, key: string): Promise<boolean> {
  const { refunded, linked } = await counter(env, accountId).refund(key);
  if (linked) await counter(env, linked).refund(addressKey(accountId, key));
  return refunded;
}

/**
 * The balance shown before acting; a failure becomes docs/product.md §8 "Could not fetch credits". For a visitor it is what
 * they can really spend: their own remaining or their address's, whichever is smaller. A visitor with no guest id
 * yet (`accountId` null) has their full own allowance.
 */
export async function getBalance(
  env: AppEnv,
  config: AppConfig,
  input: { accountId: string | null; plan: Plan; now?: number; address?: string },
): Promise<CreditBalance> {
  const limit = dailyLimit(config, input.plan);
  const now = input.now ?? Date.now();
  try {
    const own = input.accountId
      ? counter(env, input.accountId).balance(limit, now)
      : Promise.resolve({ day: utcDay(now), used: 0, limit, remaining: limit, resetsAt: nextUtcMidnight(now) });
    if (input.plan !== "guest") return await own;
    const [mine, shared] = await Promise.all([own, counter(env, addressCounter(input.address)).balance(addressLimit(config), now)]);
    return narrower(mine, shared);
  } catch (cause) {
    throw new AppError("credits/fetch-failed", { cause });
  }
}
