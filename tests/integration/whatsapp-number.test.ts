// WhatsApp's bookkeeping in one Durable Object per number (docs/decisions/0036-whatsapp-number-object.md):
// message ids answered once, delivery statuses and failed sends kept there with an expiry, a linked number known to
// its object costing D1 nothing, a billing error in a status pausing replies for the sending number (told on the web,
// cleared by a later delivery or the operator), and the number's rows gone with its unlink and its account.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { deleteAccount } from "../../app/.server/auth/profile";
import { findUser } from "../../app/.server/auth/accounts";
import type { AppEnv } from "../../app/.server/env";
import { NUMBER_LIMITS } from "../../app/.server/whatsapp/number-object";
import { countingD1, emptyCounts } from "../mocks/d1-query-counter";
import { createUser, signedInClient } from "./auth-helpers";
import { deletionsEnv, runDeletions } from "./deletion-helpers";
import { appEnv } from "./helpers";

const db = appEnv.DB;
import {
  deliverInbox,
  numberRows,
  numberStub,
  linkCodeFor,
  linkNumber,
  messagePayload,
  postWebhook,
  statusPayload,
  textsTo,
  uniqueNumber,
  wamid,
  whatsappEnv,
} from "./whatsapp-helpers";

const DAY = 24 * 60 * 60 * 1000;
/** `base` whose D1 counts every statement and refuses those on WhatsApp's tables. */
function watchedD1(base: AppEnv) {
  const counts = emptyCounts();
  const DB = countingD1(base.DB, counts, () => {
    const last = counts.statements.at(-1) ?? "";
    if (/whatsapp_/.test(last)) throw new Error(`D1 refused (test): ${last}`);
  });
  return { env: { ...base, DB } as AppEnv, counts };
}

/** A linked Pro number in tasks mode: free text is answered with the menu, no model needed. */
async function linkedNumber(vars: Record<string, string> = {}) {
  const { env, queued } = whatsappEnv({ WHATSAPP_MODE: "tasks", ...vars });
  const user = await createUser({ accessLevel: "pro" });
  const from = uniqueNumber();
  await linkNumber(user.id, from);
  return { env, queued, user, from };
}

async function say(env: AppEnv, queued: unknown[], payload: unknown) {
  expect((await postWebhook(env, payload)).status).toBe(200);
  return deliverInbox(env, queued.splice(0) as never);
}

describe("the number's object", () => {
  it("answers a message delivered twice once, and a chat message from a known linked number costs D1 nothing", async () => {
    const upstream = {
      OPENAI_API_KEY: "sk-fake-whatsapp",
      OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
      MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": "normal?n=6&ms=1" }),
    };
    const { env: base, queued, from } = await linkedNumber({ WHATSAPP_MODE: "chat", ...upstream });
    // The first message finds the link in D1 and tells the number's object.
    await say(base, queued, messagePayload({ from, text: "What is a lighthouse?" }));
    expect(await textsTo(from)).toEqual([expect.stringContaining("Fake answer")]);

    const { env, counts } = watchedD1(base);
    const payload = messagePayload({ from, id: wamid(), text: "And another" });
    await Promise.all([postWebhook(env, payload), postWebhook(env, payload)]);
    const [first, second] = queued.splice(0);
    const results = await Promise.all([deliverInbox(env, [first!]), deliverInbox(env, [second!])]);
    results.push(await deliverInbox(env, [first!], 2));
    expect(results.flatMap((result) => result.retryMessages)).toEqual([]);
    expect(await textsTo(from)).toEqual([expect.stringContaining("Fake answer"), expect.stringContaining("Fake answer")]);
    // Claim, link, account, plan, the chat turn, the reply and its record: none of it reached D1.
    expect(counts).toMatchObject({ reads: 0, writes: 0, statements: [] });
  });

  it("trusts a Free plan it knows for 30 seconds only, so someone who has just paid is answered as Pro", async () => {
    const { env, queued, user, from } = await linkedNumber();
    await db.prepare("UPDATE users SET access_level = 'basic' WHERE id = ?1").bind(user.id).run();
    await say(env, queued, messagePayload({ from, text: "Write me a poem" }));
    expect((await textsTo(from)).at(-1)).toContain("https://app.example/payment");
    // They pay (Pro from here), which takes longer than the half minute the object trusts "Free" for.
    await db.prepare("UPDATE users SET access_level = 'pro' WHERE id = ?1").bind(user.id).run();
    const older = (seconds: number) =>
      runInDurableObject(numberStub(from), (_instance, state) =>
        state.storage.sql.exec("UPDATE facts SET value = json_set(value, '$.at', json_extract(value, '$.at') - ?) WHERE key = 'link'", seconds * 1000),
      );
    await older(31);
    await say(env, queued, messagePayload({ from, text: "Write me a poem" }));
    expect((await textsTo(from)).at(-1)).toContain("translate");
    // Pro is trusted for the 5 minutes: a message half a minute later costs D1 nothing.
    await older(31);
    const watched = watchedD1(env);
    await say(watched.env, queued, messagePayload({ from, text: "Write me a poem" }));
    expect(await textsTo(from)).toHaveLength(3);
    expect(watched.counts.statements).toEqual([]);
  });

  it("records delivery statuses in the number's object, never moving backwards", async () => {
    const { env: base, queued } = whatsappEnv();
    const from = uniqueNumber();
    await say(base, queued, messagePayload({ from, text: "hello" }));
    const [reply] = await numberRows<{ id: string; status: string; inbound_id: string }>(from, "SELECT id, status, inbound_id FROM replies");
    expect(reply).toMatchObject({ status: "sent", inbound_id: expect.stringMatching(/^wamid\./) });
    const { env, counts } = watchedD1(base);
    await postWebhook(env, statusPayload([{ id: reply!.id, status: "read", recipient: from }]));
    await postWebhook(env, statusPayload([{ id: reply!.id, status: "delivered", recipient: from }]));
    expect((await deliverInbox(env, queued.splice(0))).retryMessages).toEqual([]);
    expect(await numberRows(from, "SELECT status FROM replies WHERE id = ?", reply!.id)).toEqual([{ status: "read" }]);
    expect(counts.statements).toEqual([]);
  });

  it("forgets message ids, statuses and failures past their period, and keeps at most the newest rows", async () => {
    const phone = uniqueNumber();
    const now = Date.now();
    const old = now - NUMBER_LIMITS.keepMs - DAY;
    const extra = 5;
    await runInDurableObject(numberStub(phone), async (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec("INSERT INTO messages (id, received_at, status, updated_at) VALUES ('old', ?, 'done', ?)", old, old);
      for (let index = 0; index < NUMBER_LIMITS.rows + extra; index++) {
        sql.exec("INSERT INTO messages (id, received_at, status, updated_at) VALUES (?, ?, 'done', ?)", `m${index}`, now - index, now - index);
      }
      sql.exec("INSERT INTO replies (id, status, created_at, updated_at) VALUES ('old-reply', 'read', ?, ?), ('new-reply', 'sent', ?, ?)", old, old, now, now);
      sql.exec("INSERT INTO failures (kind, error_code, detail, created_at) VALUES ('text', 'x', 'old', ?), ('text', 'y', 'new', ?)", old, now);
      await state.storage.setAlarm(now + DAY);
    });
    expect(await runDurableObjectAlarm(numberStub(phone))).toBe(true);
    expect(await numberRows(phone, "SELECT count(*) AS n, min(received_at) AS oldest FROM messages")).toEqual([
      { n: NUMBER_LIMITS.rows, oldest: now - NUMBER_LIMITS.rows + 1 },
    ]);
    expect(await numberRows(phone, "SELECT id FROM replies")).toEqual([{ id: "new-reply" }]);
    expect(await numberRows(phone, "SELECT detail FROM failures")).toEqual([{ detail: "new" }]);
    // Rows are left, so it looks again later.
    expect(await runInDurableObject(numberStub(phone), (_instance, state) => state.storage.getAlarm())).toBeGreaterThan(now);
  });

  it("goes with the unlink and with the account", async () => {
    const { client, user } = await signedInClient({ accessLevel: "pro" });
    const { env, queued } = whatsappEnv({ WHATSAPP_MODE: "tasks" });
    const from = uniqueNumber();
    await say(env, queued, messagePayload({ from, text: await linkCodeFor(user.id) }));
    await say(env, queued, messagePayload({ from, text: "Write me a poem" }));
    expect((await numberRows(from, "SELECT id FROM messages")).length).toBe(2);
    expect((await client.withEnv(env).fetch("/api/whatsapp/link", { method: "DELETE" })).status).toBe(200);
    expect(await numberRows(from, "SELECT id FROM messages UNION ALL SELECT id FROM replies")).toEqual([]);
    // Unlinked now: told how to link, read from D1 again rather than from what the object knew.
    await say(env, queued, messagePayload({ from, text: "Still me" }));
    expect((await textsTo(from)).at(-1)).toContain("not linked");

    // Pro that renews blocks deleting an account (docs/product.md §5): a Free account's number.
    const other = await createUser();
    const phone = uniqueNumber();
    await say(env, queued, messagePayload({ from: phone, text: await linkCodeFor(other.id) }));
    expect((await numberRows(phone, "SELECT id FROM replies")).length).toBe(1);
    const deletion = deletionsEnv();
    await deleteAccount(deletion.env, (await findUser(appEnv, other.id))!);
    await runDeletions(deletion.env, deletion.sent);
    expect(await numberRows(phone, "SELECT id FROM messages UNION ALL SELECT id FROM replies UNION ALL SELECT kind FROM failures")).toEqual([]);
  });
});

describe("Meta's billing", () => {
  it("a billing error pauses replies for the sending number, says so in Settings, and a later delivery resumes them", async () => {
    // A sending number of its own: the pause is product-wide, and other tests send at the same time.
    const phoneNumberId = String(Math.floor(Math.random() * 1e12));
    const options = { phoneNumberId };
    const { env, queued } = whatsappEnv({ WHATSAPP_MODE: "tasks", WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_ADMIN_TOKEN: "t".repeat(40) });
    const { client, user } = await signedInClient({ accessLevel: "pro" });
    const from = uniqueNumber();
    await linkNumber(user.id, from);
    const browser = client.withEnv(env);
    const settings = async () => (await (await browser.get("/settings/login-connection")).text()).includes("WhatsApp replies are paused");

    await say(env, queued, messagePayload({ from, text: "Write me a poem" }, options));
    expect(await textsTo(from)).toHaveLength(1);
    expect(await settings()).toBe(false);
    const [reply] = await numberRows<{ id: string }>(from, "SELECT id FROM replies");
    const failedAt = Date.now();
    const billing = { code: 131042, title: "Business eligibility payment issue", error_data: { details: "payment method" } };
    await say(env, queued, statusPayload([{ id: reply!.id, status: "failed", recipient: from, timestamp: failedAt, errors: [billing] }], options));

    // Nothing more is sent (it would go undelivered), and the miss is recorded, not lost silently.
    await say(env, queued, messagePayload({ from, text: "Still there?" }, options));
    expect(await textsTo(from)).toHaveLength(1);
    expect(await numberRows(from, "SELECT kind, error_code FROM failures")).toEqual([{ kind: "text", error_code: "whatsapp/replies-paused" }]);
    expect(await settings()).toBe(true);

    // A delivery reported after the failure: sending works again.
    await say(env, queued, statusPayload([{ id: wamid(), status: "delivered", recipient: from, timestamp: failedAt + 60_000 }], options));
    await say(env, queued, messagePayload({ from, text: "And now?" }, options));
    expect(await textsTo(from)).toHaveLength(2);
    expect(await settings()).toBe(false);

    // Paused again, then cleared by the operator.
    await say(env, queued, statusPayload([{ id: reply!.id, status: "failed", recipient: from, timestamp: Date.now(), errors: [billing] }], options));
    expect(await settings()).toBe(true);
    const admin = (method: string, token = "t".repeat(40)) =>
      browser.fetch("/api/admin/whatsapp-pause", { method, headers: { Authorization: `Bearer ${token}` } });
    expect((await admin("DELETE", "wrong")).status).toBe(404);
    expect(await (await admin("GET")).json()).toMatchObject({ ok: true, paused: { errorCode: "131042" } });
    expect(await (await admin("DELETE")).json()).toEqual({ ok: true, paused: null });
    expect(await settings()).toBe(false);
    await say(env, queued, messagePayload({ from, text: "Back?" }, options));
    expect(await textsTo(from)).toHaveLength(3);
  });
});
