// The account's own object holding what used to need a second object or D1 (decision 0026): its daily credits (with
// the day's charges of its old counter taken over once), a visitor's sign-in merging the guest's rows once however
// many tabs sign in at the same moment, and deletion taking the object's rows and every file they name.
import { describe, expect, it } from "vitest";
import { utcDay } from "../../app/lib/time";
import { adoptGuestData } from "../../app/.server/auth/profile";
import { consumeCredits, getBalance, refundCredits } from "../../app/.server/credits";
import { loadConfig } from "../../app/.server/env";
import { issueGuestId } from "../../app/.server/identity";
import { signValue } from "../../app/.server/auth/signing";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser, db } from "./auth-helpers";
import { deleteAccountToTheEnd } from "./deletion-helpers";
import { appEnv, creditsStub, uniqueId } from "./helpers";
import { legacyChatMessages, legacyChatThreads } from "../../db/legacy-schema";

const config = loadConfig(appEnv);

/**
 * A visitor's browser with a guest id made the way the app makes one, or (`mintedBeforeMove`) one of the version-4 ids
 * minted while the old D1 tables were written, the only ids that can have rows there (account/ids.ts).
 */
async function visitorWithGuestId(options: { mintedBeforeMove?: boolean } = {}) {
  const issued = await issueGuestId(new Request("https://app.example/"), config);
  const guestId = options.mintedBeforeMove ? `g_${crypto.randomUUID()}` : issued.guestId;
  const visitor = new Client();
  const [name] = issued.setCookie.split(";")[0]!.split("=");
  visitor.cookies.set(name!, encodeURIComponent(await signValue(config.sessionSecret, "guest-id", guestId)));
  return { visitor, guestId };
}

describe("an account's credits in its object", () => {
  it("charges and refunds in the account's object, counting today's charges of its old counter once", async () => {
    const accountId = uniqueId("u_credits");
    // The real clock: the object takes its old counter's charges over for the day it first serves the account.
    const now = Date.now();
    // Before the deploy: a chat in D1, 17 of 20 credits spent today on the account's CreditsCounter, and some yesterday.
    await db.insert(legacyChatThreads).values({ id: uniqueId("thread"), ownerId: accountId, title: "Before the deploy" });
    const old = creditsStub(accountId);
    for (let index = 0; index < 17; index++) await old.consume({ key: `before-${index}`, cost: 1, limit: 20, now: now });
    await old.consume({ key: "yesterday", cost: 5, limit: 20, now: now - 86_400_000 });

    const charge = (key: string) => consumeCredits(appEnv, config, { accountId, plan: "free", action: "chat", key, now: now });
    expect(await getBalance(appEnv, config, { accountId, plan: "free", now: now })).toMatchObject({ used: 17, remaining: 3 });
    // A retry of a request charged before the deploy is still a duplicate, not a second charge.
    expect(await charge("before-3")).toMatchObject({ ok: true, duplicate: true, balance: { used: 17 } });
    for (const key of ["after-1", "after-2", "after-3"]) expect((await charge(key)).ok).toBe(true);
    expect(await charge("after-4")).toMatchObject({ ok: false, balance: { used: 20, remaining: 0 } });
    expect(await refundCredits(appEnv, accountId, "after-2")).toBe(true);
    expect(await refundCredits(appEnv, accountId, "after-2")).toBe(false);

    // The charges are the object's rows; the old counter took none of the new ones.
    const rows = await inAccountDb(accountId, (store) => store.select().from(accountSchema.creditCharges).all());
    expect(rows.filter((row) => row.day === utcDay(now))).toHaveLength(20);
    expect(rows.find((row) => row.key === "after-2")).toMatchObject({ refunded: 1 });
    expect(rows.some((row) => row.key === "yesterday")).toBe(false);
    expect(await old.balance(20, now)).toMatchObject({ used: 17 });
    expect(await getBalance(appEnv, config, { accountId, plan: "free", now: now })).toMatchObject({ used: 19, remaining: 1 });
  });
});

describe("a visitor signing in", () => {
  it("moves the guest's rows once when two tabs sign in at the same moment, old D1 rows included", async () => {
    const { guestId } = await visitorWithGuestId({ mintedBeforeMove: true });
    const user = await createUser();
    // What the guest made before their object kept their rows (still in D1)...
    const oldThreadId = uniqueId("thread");
    await db.insert(legacyChatThreads).values({ id: oldThreadId, ownerId: guestId, title: "Asked before the move", createdAt: 1 });
    await db.insert(legacyChatMessages).values({ id: uniqueId("m"), threadId: oldThreadId, role: "user", content: "Old question", createdAt: 2 });
    // ...and since, in the guest's object: a chat, an upload and birth data.
    const threadId = uniqueId("thread");
    await inAccountDb(guestId, (store) => {
      store.insert(accountSchema.chatThreads).values({ id: threadId, ownerId: guestId, title: "Asked as a guest", createdAt: 3 }).run();
      store
        .insert(accountSchema.chatMessages)
        .values([
          { id: uniqueId("m"), threadId, role: "user", content: "Guest question", createdAt: 4 },
          { id: uniqueId("m"), threadId, role: "assistant", content: "Guest answer", createdAt: 5 },
        ])
        .run();
      store
        .insert(accountSchema.uploads)
        .values({ id: uniqueId("up"), ownerId: guestId, r2Key: `uploads/${guestId}/a.png`, contentType: "image/png", bytes: 1, width: 1, height: 1 })
        .run();
      store.insert(accountSchema.birthProfiles).values({ ownerId: guestId, birthDate: "1990-01-01", birthTime: null, placeId: "istanbul" }).run();
    });

    await Promise.all([adoptGuestData(appEnv, guestId, user.id), adoptGuestData(appEnv, guestId, user.id)]);

    const contents = (id: string) =>
      inAccountDb(id, (store) => ({
        threads: store
          .select({ id: accountSchema.chatThreads.id, ownerId: accountSchema.chatThreads.ownerId, title: accountSchema.chatThreads.title })
          .from(accountSchema.chatThreads)
          .orderBy(accountSchema.chatThreads.createdAt)
          .all(),
        messages: store
          .select({ content: accountSchema.chatMessages.content })
          .from(accountSchema.chatMessages)
          .orderBy(accountSchema.chatMessages.createdAt)
          .all(),
        uploads: store.select({ ownerId: accountSchema.uploads.ownerId, r2Key: accountSchema.uploads.r2Key }).from(accountSchema.uploads).all(),
        birth: store.select({ ownerId: accountSchema.birthProfiles.ownerId }).from(accountSchema.birthProfiles).all(),
      }));
    expect(await contents(user.id)).toEqual({
      threads: [
        { id: oldThreadId, ownerId: user.id, title: "Asked before the move" },
        { id: threadId, ownerId: user.id, title: "Asked as a guest" },
      ],
      messages: [{ content: "Old question" }, { content: "Guest question" }, { content: "Guest answer" }],
      uploads: [{ ownerId: user.id, r2Key: `uploads/${guestId}/a.png` }],
      birth: [{ ownerId: user.id }],
    });
    expect(await contents(guestId)).toEqual({ threads: [], messages: [], uploads: [], birth: [] });
    // A third sign-in later finds nothing more to move.
    await adoptGuestData(appEnv, guestId, user.id);
    expect((await contents(user.id)).messages).toHaveLength(3);
  });
});

describe("deleting an account", () => {
  it("deletes the object's rows and every file they name, a merged guest's included", async () => {
    const { guestId } = await visitorWithGuestId();
    const user = await createUser();
    const guestUpload = `uploads/${guestId}/photo.png`;
    const guestSpeech = `speech/${guestId}/thread/answer.mp3`;
    const ownGallery = `gallery/${user.id}/picture.png`;
    for (const key of [guestUpload, guestSpeech, ownGallery]) await appEnv.MEDIA.put(key, "x");
    await inAccountDb(guestId, (store) =>
      store
        .insert(accountSchema.uploads)
        .values({ id: uniqueId("up"), ownerId: guestId, r2Key: guestUpload, contentType: "image/png", bytes: 1, width: 1, height: 1 })
        .run(),
    );
    await adoptGuestData(appEnv, guestId, user.id);
    await inAccountDb(user.id, (store) =>
      store.insert(accountSchema.birthProfiles).values({ ownerId: user.id, birthDate: "1990-01-01", placeId: "istanbul" }).run(),
    );

    const client = new Client();
    await client.action("/auth/login", { email: user.email, password: user.password });
    expect((await deleteAccountToTheEnd(client)).redirect).toBe("/auth/login?notice=account-deleted");

    for (const key of [guestUpload, guestSpeech, ownGallery]) expect(await appEnv.MEDIA.head(key), key).toBeNull();
    const left = await inAccountDb(user.id, (store) => ({
      uploads: store.select().from(accountSchema.uploads).all(),
      birth: store.select().from(accountSchema.birthProfiles).all(),
    }));
    expect(left).toEqual({ uploads: [], birth: [] });
  });
});
