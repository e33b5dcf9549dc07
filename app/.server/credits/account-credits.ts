// The account's own daily credits, kept in its object (decision 0026) by the one ledger (credits/ledger.ts): these
// operations run there; credits/index.ts calls them. A turn's charge, its refund and the balance shown are then calls
// to the object the turn is already talking to, not to a second counter object.
import { utcDay } from "../../lib/time";
import type { AccountContext } from "../account/schema";
import { addressKey, creditsCounter } from "./address";
import { CreditLedger, type ConsumeRequest, type ConsumeResult, type CreditBalance } from "./ledger";

/** Gives a charge back in the account's ledger, and on the address counter it was also made on (a visitor's). */
export async function refundInAccount(account: AccountContext, key: string): Promise<boolean> {
  const { refunded, linked } = new CreditLedger(account.db).refund(key);
  if (linked) await creditsCounter(account.env, linked).refund(addressKey(account.accountId, key));
  return refunded;
}

/**
 * Before its object kept them, an account's credits were counted on a CreditsCounter named by its id. The day's
 * charges there are taken over once, when the object first serves the account (account/arrival.ts), so a deploy
 * gives nobody a fresh allowance; older days no longer count.
 */
export async function takeOverOldCounter(account: AccountContext, now = Date.now()): Promise<number> {
  const charges = await creditsCounter(account.env, account.accountId).chargesOn(utcDay(now));
  new CreditLedger(account.db).keep(charges);
  return charges.length;
}

export const creditOperations = {
  "credits.consume": ({ db }: AccountContext, request: ConsumeRequest): ConsumeResult => new CreditLedger(db).consume(request),
  "credits.refund": (account: AccountContext, input: { key: string }): Promise<boolean> => refundInAccount(account, input.key),
  "credits.balance": ({ db }: AccountContext, input: { limit: number | null; now: number }): CreditBalance =>
    new CreditLedger(db).balance(input.limit, input.now),
};
