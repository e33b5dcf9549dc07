// Daily credits (docs/product.md §6): each account's (and guest id's) own ledger lives in its account object
// (credits/account-credits.ts, decision 0026), and for visitors one more is kept per client address in a
// CreditsCounter (docs/decisions/0011-guest-allowance.md).
import { CREDIT_COSTS, type CreditAction } from "../../lib/constants";
import { nextUtcMidnight, utcDay } from "../../lib/time";
import { inAccount } from "../account/client";
import type { AppConfig, AppEnv } from "../env";
import type { Plan } from "../account/owner";
import { AppError } from "../errors";
import { narrower, type AddressCharge } from "./account-credits";
import { addressCounterName, addressKey, creditsCounter as counter } from "./address";
import type { ConsumeRequest, ConsumeResult, CreditBalance } from "./ledger";

export type { Plan } from "../account/owner";
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

/** What one charge of `action` costs and may reach today (a plan's daily limit): the terms an account's ledger applies. */
export function chargeTerms(
  config: AppConfig,
  input: { plan: Plan; action: CreditAction; key: string; now?: number; units?: number; owed?: boolean },
): ConsumeRequest {
  const limit = input.owed ? null : dailyLimit(config, input.plan);
  return { key: input.key, cost: CREDIT_COSTS[input.action] * (input.units ?? 1), limit, now: input.now };
}

/**
 * A visitor's charge on their address's counter, made before their own (credits/account-credits.ts `chargeAccount`):
 * a burst of new guest ids is refused there without an account object being made for each.
 */
export async function chargeAddress(
  env: AppEnv,
  config: AppConfig,
  accountId: string,
  terms: ConsumeRequest,
  address: string | undefined,
): Promise<AddressCharge> {
  const linked = addressCounterName(address);
  // An owed charge (terms without a limit) is made past the address's limit too.
  const limit = terms.limit === null ? null : addressLimit(config);
  const result = await counter(env, linked).consume({ key: addressKey(accountId, terms.key), cost: terms.cost, limit, now: terms.now });
  return { linked, result };
}

/** Gives back an address charge whose account charge never happened (the account's object failed). */
export async function undoAddressCharge(env: AppEnv, accountId: string, key: string, charge: AddressCharge): Promise<void> {
  if (!charge.result.duplicate)
    await counter(env, charge.linked)
      .refund(addressKey(accountId, key))
      .catch(() => undefined);
}

export async function consumeCredits(
  env: AppEnv,
  config: AppConfig,
  /**
   * `address`: the client's network address (CF-Connecting-IP); counted for guests only. `units`: how many of the
   * action one charge is (minutes of audio); one unless said. `owed`: for what was already given (audio the provider
   * reports having heard, decision 0025), so made even past the day's limit.
   */
  input: { accountId: string; plan: Plan; action: CreditAction; key: string; now?: number; address?: string; units?: number; owed?: boolean },
): Promise<ConsumeResult> {
  const request = chargeTerms(config, input);
  if (input.plan !== "guest") return inAccount(env, input.accountId, "credits.consume", { request });
  const address = await chargeAddress(env, config, input.accountId, request, input.address);
  try {
    return await inAccount(env, input.accountId, "credits.consume", { request, address });
  } catch (error) {
    await undoAddressCharge(env, input.accountId, request.key, address);
    throw error;
  }
}

/** Gives a charge back, to the guest's address counter too when it was also made there (account-credits.ts). */
export function refundCredits(env: AppEnv, accountId: string, key: string): Promise<boolean> {
  return inAccount(env, accountId, "credits.refund", { key });
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
      ? inAccount(env, input.accountId, "credits.balance", { limit, now })
      : Promise.resolve({ day: utcDay(now), used: 0, limit, remaining: limit, resetsAt: nextUtcMidnight(now) });
    if (input.plan !== "guest") return await own;
    const [mine, shared] = await Promise.all([own, counter(env, addressCounterName(input.address)).balance(addressLimit(config), now)]);
    return narrower(mine, shared);
  } catch (cause) {
    throw new AppError("credits/fetch-failed", { cause });
  }
}
