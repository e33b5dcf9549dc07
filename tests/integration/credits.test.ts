// The CreditsCounter Durable Object over RPC, as the app calls it: no overspending under concurrency, idempotent
// keys and refunds, and a bucket per UTC day driven by the injected clock.
import { describe, expect, it } from "vitest";
import { creditsStub, uniqueId } from "./helpers";

const NOON = Date.UTC(2026, 4, 10, 12, 0, 0);
const LAST_SECOND = Date.UTC(2026, 4, 10, 23, 59, 59, 999);
const MIDNIGHT = Date.UTC(2026, 4, 11, 0, 0, 0);

describe("CreditsCounter", () => {
  it("charges exactly the limit when 200 requests race for 20 credits", async () => {
    const counter = creditsStub(uniqueId("race"));
    const results = await Promise.all(Array.from({ length: 200 }, (_, index) => counter.consume({ key: `req-${index}`, cost: 1, limit: 20, now: NOON })));

    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.filter((result) => !result.ok)).toHaveLength(180);
    expect(results.some((result) => result.duplicate)).toBe(false);
    const balance = await counter.balance(20, NOON);
    expect(balance).toMatchObject({ day: "2026-05-10", used: 20, limit: 20, remaining: 0, resetsAt: MIDNIGHT });
  });

  it("charges a repeated key once and reports it as a duplicate", async () => {
    const counter = creditsStub(uniqueId("dup"));
    const first = await counter.consume({ key: "message-1", cost: 1, limit: 20, now: NOON });
    const second = await counter.consume({ key: "message-1", cost: 1, limit: 20, now: NOON });

    expect(first).toMatchObject({ ok: true, duplicate: false, balance: { used: 1, remaining: 19 } });
    expect(second).toMatchObject({ ok: true, duplicate: true, balance: { used: 1, remaining: 19 } });
    expect(await counter.balance(20, NOON)).toMatchObject({ used: 1, remaining: 19 });
  });

  it("refunds once: a second refund of the same key changes nothing", async () => {
    const counter = creditsStub(uniqueId("refund"));
    await counter.consume({ key: "image-1", cost: 4, limit: 20, now: NOON });
    await counter.consume({ key: "chat-1", cost: 1, limit: 20, now: NOON });
    expect(await counter.balance(20, NOON)).toMatchObject({ used: 5, remaining: 15 });

    const first = await counter.refund("image-1", 20, NOON);
    const second = await counter.refund("image-1", 20, NOON);

    expect(first).toMatchObject({ refunded: true, balance: { used: 1, remaining: 19 } });
    expect(second).toMatchObject({ refunded: false, balance: { used: 1, remaining: 19 } });
    expect((await counter.refund("never-charged", 20, NOON)).refunded).toBe(false);
  });

  it("charges a refunded key again when the attempt is retried", async () => {
    const counter = creditsStub(uniqueId("retry"));
    await counter.consume({ key: "job-1", cost: 4, limit: 20, now: NOON });
    await counter.refund("job-1", 20, NOON);

    const retried = await counter.consume({ key: "job-1", cost: 4, limit: 20, now: NOON });
    expect(retried).toMatchObject({ ok: true, duplicate: false, balance: { used: 4, remaining: 16 } });
  });

  it("starts a fresh bucket at UTC midnight", async () => {
    const counter = creditsStub(uniqueId("day"));
    for (let index = 0; index < 5; index++) {
      expect((await counter.consume({ key: `late-${index}`, cost: 1, limit: 5, now: LAST_SECOND })).ok).toBe(true);
    }
    const refused = await counter.consume({ key: "late-extra", cost: 1, limit: 5, now: LAST_SECOND });
    expect(refused).toMatchObject({ ok: false, balance: { day: "2026-05-10", used: 5, remaining: 0, resetsAt: MIDNIGHT } });

    const nextDay = await counter.consume({ key: "early-0", cost: 1, limit: 5, now: MIDNIGHT });
    expect(nextDay).toMatchObject({ ok: true, balance: { day: "2026-05-11", used: 1, remaining: 4 } });
    // The previous day is untouched: the limit applies per UTC day, not per rolling 24 hours.
    expect(await counter.balance(5, LAST_SECOND)).toMatchObject({ day: "2026-05-10", used: 5, remaining: 0 });
    expect(await counter.balance(5, MIDNIGHT)).toMatchObject({ day: "2026-05-11", used: 1, remaining: 4 });
  });

  it("never refuses an unlimited (Pro) account but still counts its usage", async () => {
    const counter = creditsStub(uniqueId("pro"));
    for (let index = 0; index < 30; index++) {
      const result = await counter.consume({ key: `pro-${index}`, cost: 4, limit: null, now: NOON });
      expect(result.ok).toBe(true);
    }
    expect(await counter.balance(null, NOON)).toMatchObject({ used: 120, limit: null, remaining: null });
  });

  it("refuses a charge larger than what remains, without charging anything", async () => {
    const counter = creditsStub(uniqueId("cost"));
    for (let index = 0; index < 17; index++) {
      await counter.consume({ key: `chat-${index}`, cost: 1, limit: 20, now: NOON });
    }
    expect(await counter.balance(20, NOON)).toMatchObject({ used: 17, remaining: 3 });

    const image = await counter.consume({ key: "image-big", cost: 4, limit: 20, now: NOON });
    expect(image).toMatchObject({ ok: false, duplicate: false, balance: { used: 17, remaining: 3 } });
    expect(await counter.balance(20, NOON)).toMatchObject({ used: 17, remaining: 3 });
    // What remains is still spendable by a cheaper action.
    expect((await counter.consume({ key: "search", cost: 2, limit: 20, now: NOON })).ok).toBe(true);
  });
});
