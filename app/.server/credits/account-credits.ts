// The account's own daily credits, kept in its object (decision 0026) by the one ledger (credits/ledger.ts): these
// operations run there; credits/index.ts calls them. A turn's charge, its refund and the balance shown are then calls
// to the object the turn is already talking to, not to a second counter object.
import { utcDay } from "../../lib/time";
import type { AccountContext } from "../account/schema";
import { addressKey, creditsCounter } from "./address";
import { CreditLedger, type ConsumeRequest, type ConsumeResult, type CreditBalance } from "./ledger";

/** What a visitor's charge already did on their address's counter (credits/index.ts `chargeAddress`). */
export interface AddressCharge {
  /** The address counter's name. */
  linked: string;
  result: ConsumeResult;
}

/** The account's ledger, with the charges its object holds unwritten. */
export function ledgerOf(account: AccountContext): CreditLedger {
  return new CreditLedger(account.db, account.heldCharges);
}

/** The balance as the stricter of two counters allows: the visitor's own, capped by what their address has left. */
export function narrower(own: CreditBalance, shared: CreditBalance): CreditBalance {
  if (own.remaining === null || shared.remaining === null || shared.remaining >= own.remaining) return own;
  return { ...own, remaining: shared.remaining };
}

/**
 * Charges the account's own ledger, after a visitor's address was charged (`address`; none for an account): refused
 * if the address refused, and the address's charge given back if the visitor's own ledger refuses. A crash in between
 * can only leave the address charged once too often, never a turn uncharged (decision 0011).
 */
export async function chargeAccount(
  account: AccountContext,
  request: ConsumeRequest,
  address?: AddressCharge,
  /** Made but not written: the caller writes it with `commitHeldCharge` (a chat turn, once its request has left). */
  hold = false,
): Promise<ConsumeResult> {
  const ledger = ledgerOf(account);
  if (!address) return ledger.consume(request, { hold });
  const shared = address.result;
  if (!shared.ok) return { ok: false, duplicate: false, balance: narrower(ledger.balance(request.limit, request.now ?? Date.now()), shared.balance) };
  const own = ledger.consume({ ...request, linked: address.linked }, { hold });
  if (!own.ok && !shared.duplicate) await creditsCounter(account.env, address.linked).refund(addressKey(account.accountId, request.key));
  return { ...own, balance: narrower(own.balance, shared.balance) };
}

/** Writes a charge `chargeAccount` held; nothing when it is not held (already written, or given back). */
export function commitHeldCharge(account: AccountContext, key: string): void {
  ledgerOf(account).commit(key);
}

/** Gives a charge back in the account's ledger, and on the address counter it was also made on (a visitor's). */
export async function refundInAccount(account: AccountContext, key: string): Promise<boolean> {
  const { refunded, linked } = ledgerOf(account).refund(key);
  if (linked) await creditsCounter(account.env, linked).refund(addressKey(account.accountId, key));
  return refunded;
}

/**
 * Before its object kept them, an account's credits were counted on a CreditsCounter named by its id. The day's
 * charges there are taken over once, when the object first serves the account (account/object.ts), so a deploy
 * gives nobody a fresh allowance; older days no longer count.
 */
export async function takeOverOldCounter(account: AccountContext, now = Date.now()): Promise<number> {
  const charges = await creditsCounter(account.env, account.accountId).chargesOn(utcDay(now));
  ledgerOf(account).keep(charges);
  return charges.length;
}

export const creditOperations = {
  "credits.consume": (account: AccountContext, input: { request: ConsumeRequest; address?: AddressCharge }): Promise<ConsumeResult> =>
    chargeAccount(account, input.request, input.address),
  "credits.refund": (account: AccountContext, input: { key: string }): Promise<boolean> => refundInAccount(account, input.key),
  "credits.balance": (account: AccountContext, input: { limit: number | null; now: number }): CreditBalance =>
    ledgerOf(account).balance(input.limit, input.now),
};
