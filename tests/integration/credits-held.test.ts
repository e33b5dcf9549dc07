// A chat turn's charge is held, not written, from its check until its upstream request has left (credits/ledger.ts,
// decision 0009): held, it counts as used and as already made, exactly like a written one; it is written once, or let
// go when the turn gives it back, and a hold nobody settles lapses after a minute.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AccountContext } from "../../app/.server/account/schema";
import { chargeAccount, commitHeldCharge, ledgerOf, refundInAccount } from "../../app/.server/credits/account-credits";
import { accountSchema } from "./account-helpers";
import { uniqueId } from "./helpers";

const NOON = Date.UTC(2026, 4, 10, 12, 0, 0);

/** Runs `use` inside the account's object with the context its operations get. */
function inAccountContext<T>(accountId: string, use: (account: AccountContext) => T | Promise<T>): Promise<T> {
  const stub = env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));
  return runInDurableObject(stub, (instance) => use((instance as unknown as { accountContext(id: string): AccountContext }).accountContext(accountId)));
}

const writtenCharges = (account: AccountContext) => account.db.select().from(accountSchema.creditCharges).all();

describe("a held charge", () => {
  it("counts as used and as made before it is written, and is written once", async () => {
    const accountId = uniqueId("held");
    await inAccountContext(accountId, async (account) => {
      const held = await chargeAccount(account, { key: "chat:one", cost: 1, limit: 2, now: NOON }, undefined, true);
      expect(held).toMatchObject({ ok: true, duplicate: false, balance: { used: 1, remaining: 1 } });
      expect(writtenCharges(account)).toHaveLength(0);
      expect(ledgerOf(account).balance(2, NOON)).toMatchObject({ used: 1, remaining: 1 });

      // The same request again is the same charge; another request gets what is left, and no more.
      expect(await chargeAccount(account, { key: "chat:one", cost: 1, limit: 2, now: NOON }, undefined, true)).toMatchObject({ ok: true, duplicate: true });
      expect(await chargeAccount(account, { key: "chat:two", cost: 1, limit: 2, now: NOON }, undefined, true)).toMatchObject({ ok: true, duplicate: false });
      expect(await chargeAccount(account, { key: "chat:three", cost: 1, limit: 2, now: NOON })).toMatchObject({ ok: false, balance: { remaining: 0 } });

      commitHeldCharge(account, "chat:one");
      commitHeldCharge(account, "chat:one");
      expect(writtenCharges(account).map((row) => row.key)).toEqual(["chat:one"]);
      expect(ledgerOf(account).balance(2, NOON)).toMatchObject({ used: 2, remaining: 0 });
    });
  });

  it("is let go unwritten when its turn gives it back, and can be charged again", async () => {
    const accountId = uniqueId("held-refund");
    await inAccountContext(accountId, async (account) => {
      await chargeAccount(account, { key: "chat:gone", cost: 1, limit: 1, now: NOON }, undefined, true);
      expect(await refundInAccount(account, "chat:gone")).toBe(true);
      expect(await refundInAccount(account, "chat:gone")).toBe(false);
      commitHeldCharge(account, "chat:gone");
      expect(writtenCharges(account)).toHaveLength(0);
      expect(ledgerOf(account).balance(1, NOON)).toMatchObject({ used: 0, remaining: 1 });
      expect(await chargeAccount(account, { key: "chat:gone", cost: 1, limit: 1, now: NOON })).toMatchObject({ ok: true, duplicate: false });
      expect(writtenCharges(account)).toHaveLength(1);
    });
  });

  it("lapses after a minute if nothing settles it", async () => {
    const accountId = uniqueId("held-lapse");
    await inAccountContext(accountId, async (account) => {
      await chargeAccount(account, { key: "chat:stuck", cost: 1, limit: 1, now: NOON }, undefined, true);
      expect(await chargeAccount(account, { key: "chat:next", cost: 1, limit: 1, now: NOON + 30_000 })).toMatchObject({ ok: false });
      expect(await chargeAccount(account, { key: "chat:next", cost: 1, limit: 1, now: NOON + 61_000 })).toMatchObject({ ok: true, duplicate: false });
      commitHeldCharge(account, "chat:stuck");
      expect(writtenCharges(account).map((row) => row.key)).toEqual(["chat:next"]);
    });
  });
});
