// Deleting an account is a tombstone, then a job that finishes (docs/decisions/0033-account-deletion-job.md): the
// request marks the account's object erased, signs the person out for good and enqueues the rest; the job deletes the
// object's storage, the R2 folders, the counters and the D1 rows, and a job cut after any step is finished by the
// queue's retry without repeating a step. Whatever reaches the erased object later (a memory job, an image job, an
// answer still streaming) writes nothing and leaves no file.
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resumeDeletions } from "../../app/.server/account/deletion";
import { adoptGuestData } from "../../app/.server/auth/profile";
import { linkWithCode } from "../../app/.server/whatsapp/linking";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import type { MemoryJob } from "../../app/.server/memory/jobs";
import { countingAccounts, type AccountCall } from "../mocks/account-call-counter";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, db, findUserRow, sessionsOf, signedInClient, syncProfile } from "./auth-helpers";
import { FAST_MODEL, runnerOf, startStreamingAnswer, storeThread } from "./chat-helpers";
import { deletionsEnv, runDeletions } from "./deletion-helpers";
import { appEnv, creditsStub, uniqueId } from "./helpers";
import { createJob, deliver, jobsEnv } from "./images-helpers";

const media = appEnv.MEDIA;

/** Everything the account keeps outside its object's rows, and whether each is still there. */
async function leftovers(userId: string, email: string, guestId: string, phone: string, keys: string[]) {
  const files = await Promise.all(keys.map(async (key) => ((await media.head(key)) ? key : null)));
  return {
    user: (await findUserRow(userId)) !== undefined,
    deletion: (await db.select().from(schema.accountDeletions).where(eq(schema.accountDeletions.userId, userId))).length,
    outbox: (await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, email))).length,
    whatsapp: (await db.select().from(schema.whatsappLinks).where(eq(schema.whatsappLinks.phone, phone))).length,
    analytics:
      (await db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.userId, userId))).length +
      (await db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.guestId, guestId))).length,
    voiceMinutes: (await creditsStub(`voice:${userId}`).balance(null)).used,
    files: files.filter((key) => key !== null),
    threads: await inAccountDb(userId, (store) => store.select().from(accountSchema.chatThreads).all().length),
  };
}

/** A signed-in account with something in every place deletion must reach, a visitor's files merged in. */
async function fullAccount() {
  const { client, user } = await signedInClient();
  const guestId = `g_${uniqueId("guest")}`;
  const phone = `90532${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const guestUpload = `uploads/${guestId}/photo.png`;
  const keys = [guestUpload, `gallery/${user.id}/picture.png`, `speech/${user.id}/thread/answer.mp3`, `documents/${user.id}/doc.pdf`];
  for (const key of keys) await media.put(key, "x");
  await inAccountDb(guestId, (store) =>
    store
      .insert(accountSchema.uploads)
      .values({ id: uniqueId("up"), ownerId: guestId, r2Key: guestUpload, contentType: "image/png", bytes: 1, width: 1, height: 1 })
      .run(),
  );
  await adoptGuestData(appEnv, guestId, user.id);
  await storeThread(user.id, { id: uniqueId("thread"), title: "Keep me?" }, [{ id: uniqueId("m"), role: "user", content: "Hello" }]);
  await db.insert(schema.emailOutbox).values({ id: uniqueId("mail"), toAddress: user.email, subject: "Hi", textBody: "x", htmlBody: "x", status: "sent" });
  await db.insert(schema.whatsappLinks).values({ id: uniqueId("link"), userId: user.id, phone });
  await db.insert(schema.analyticsEvents).values([
    { name: "page_view", userId: user.id },
    { name: "page_view", guestId },
  ]);
  await creditsStub(`voice:${user.id}`).consume({ key: uniqueId("minute"), cost: 2, limit: 10 });
  const check = () => leftovers(user.id, user.email, guestId, phone, keys);
  return { client, user, guestId, keys, check };
}

/** `env` whose R2 refuses deletes, or whose counters cannot be reached: a step of the job fails there. */
function failingR2(env: AppEnv): AppEnv {
  const bucket = new Proxy(env.MEDIA, {
    get: (target, property) =>
      property === "delete"
        ? () => Promise.reject(new Error("R2 unavailable (test)"))
        : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
  });
  return { ...env, MEDIA: bucket } as AppEnv;
}
function failingCounters(env: AppEnv): AppEnv {
  return {
    ...env,
    CREDITS: {
      idFromName: (name: string) => env.CREDITS.idFromName(name),
      get: () => {
        throw new Error("counters unavailable (test)");
      },
    },
  } as unknown as AppEnv;
}

describe("deleting an account", () => {
  it("signs out at once, and the job cut after each step is finished by its retry: nothing left, no step repeated", async () => {
    const { client, user, check } = await fullAccount();
    const before = await check();
    expect(before).toMatchObject({ user: true, outbox: 1, whatsapp: 1, analytics: 2, voiceMinutes: 2, threads: 1 });
    expect(before.files).toHaveLength(4);

    const calls: AccountCall[] = [];
    const { env, sent } = deletionsEnv({ ...appEnv, ACCOUNT: countingAccounts(appEnv.ACCOUNT, calls) } as AppEnv);
    const result = await client.withEnv(env).action("/settings/account", { intent: "delete-account" });
    expect(result.redirect).toBe("/auth/login?notice=account-deleted");
    expect(sent).toEqual([{ accountId: user.id }]);
    // The first step: signed out everywhere, marked in D1, its object refusing; nothing else is gone yet.
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect((await findUserRow(user.id))?.deletingAt).toEqual(expect.any(Number));
    expect((await client.fetch("/api/user/profile")).status).toBe(401);

    // Cut after the object's storage: R2 refuses. The queue is asked to retry.
    const cutAfterStorage = await runDeletions(failingR2(env), sent);
    expect(cutAfterStorage.retryMessages).toHaveLength(1);
    expect(await check()).toMatchObject({ threads: 0, user: true, outbox: 1 });
    expect((await check()).files).toHaveLength(4);

    // Cut after R2: the counters cannot be reached.
    const cutAfterFiles = await runDeletions(failingCounters(env), sent, 2);
    expect(cutAfterFiles.retryMessages).toHaveLength(1);
    expect(await check()).toMatchObject({ files: [], user: true, voiceMinutes: 2 });

    // The retry finishes: D1 last, the deletion record with it.
    const finished = await runDeletions(env, sent, 3);
    expect(finished.retryMessages).toHaveLength(0);
    expect(await check()).toEqual({ user: false, deletion: 0, outbox: 0, whatsapp: 0, analytics: 0, voiceMinutes: 0, files: [], threads: 0 });
    // Each step ran once: the object was erased by the first delivery only.
    expect(calls.filter((call) => call.call === "erase")).toHaveLength(1);

    // The address may sign up anew, and a late redelivery of the finished job (its ack lost) touches nothing of it.
    const again = new Client();
    const signUp = await again.action("/auth/sign-up", { displayName: "Back", email: user.email, password: "again-pass-1", confirmPassword: "again-pass-1" });
    expect(signUp.data).toMatchObject({ ok: true });
    const mails = async () => (await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, user.email))).length;
    const mailsBefore = await mails();
    expect(mailsBefore).toBeGreaterThan(0);
    expect((await runDeletions(env, sent, 4)).retryMessages).toHaveLength(0);
    expect(await mails()).toBe(mailsBefore);
  });

  it("ends a session that slipped in after the first step, saying why once", async () => {
    const { client, user } = await signedInClient();
    // The first step's mark, with this browser's session made at the same moment (its sessions already deleted).
    await db.update(schema.users).set({ deletingAt: Date.now() }).where(eq(schema.users.id, user.id));
    await syncProfile(user.id);
    const root = async () => (await client.loaderData("/web-main", "root")).data as { user: unknown; authError: string | null };
    expect(await root()).toMatchObject({ user: null, authError: "account/deleted" });
    expect(client.sessionToken()).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(await root()).toMatchObject({ user: null, authError: null });
  });

  it("is enqueued again by the hourly cron when a day has passed without it finishing", async () => {
    const { user } = await signedInClient();
    const { env, sent } = deletionsEnv();
    await db
      .insert(schema.accountDeletions)
      .values({ userId: user.id, email: user.email, owners: JSON.stringify([user.id]), requestedAt: Date.now() - 25 * 60 * 60 * 1000 });
    expect(await resumeDeletions(env, Date.now() - 2 * 60 * 60 * 1000)).toBe(0);
    await resumeDeletions(env, Date.now());
    expect(sent).toContainEqual({ accountId: user.id });
    await runDeletions(env, [{ accountId: user.id }]);
    expect(await findUserRow(user.id)).toBeUndefined();
  });

  it("refuses every sign-in from the first step, with the reason", async () => {
    const { client, user } = await signedInClient();
    const otherDevice = new Client();
    await otherDevice.action("/auth/login", { email: user.email, password: user.password });
    expect(await sessionsOf(user.id)).toHaveLength(2);
    const code = uniqueId("CODE").slice(0, 40);
    await db.insert(schema.whatsappLinkCodes).values({ code, userId: user.id, phone: "905321112233", expiresAt: Date.now() + 60_000 });
    const { env } = deletionsEnv();
    expect((await client.withEnv(env).action("/settings/account", { intent: "delete-account" })).redirect).toBe("/auth/login?notice=account-deleted");
    // A WhatsApp link code made before links nothing now.
    expect(await linkWithCode(appEnv, code, "905321112233")).toEqual({ ok: false });

    expect((await otherDevice.fetch("/api/user/profile")).status).toBe(401);
    const refused = await new Client().action("/auth/login", { email: user.email, password: user.password });
    expect(refused).toMatchObject({ status: 410, data: { error: { code: "account/deleted", message: "Your account is being deleted." } } });
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const turkish = new Client();
    turkish.cookies.set("locale", "tr");
    expect(await turkish.action("/auth/login", { email: user.email, password: user.password })).toMatchObject({
      status: 410,
      data: { error: { code: "account/deleted", message: "Hesabınız siliniyor." } },
    });
  });
});

describe("what reaches a deleted account later writes nothing", () => {
  it("a memory job: acknowledged, no memory kept", async () => {
    const { client, user } = await signedInClient();
    const { env, sent } = deletionsEnv();
    await client.withEnv(env).action("/settings/account", { intent: "delete-account" });
    const job: MemoryJob = {
      accountId: user.id,
      threadId: uniqueId("t"),
      messageId: uniqueId("m"),
      question: "My name is Ada Lovelace.",
      answer: "Hello Ada.",
      model: FAST_MODEL,
    };
    const result = await deliver(appEnv, [{ id: "memory-after-deletion", body: job }], "memory-jobs");
    expect(result.retryMessages).toHaveLength(0);
    await runDeletions(env, sent);
    expect(await inAccountDb(user.id, (store) => store.select().from(accountSchema.memories).all())).toEqual([]);
  });

  it("an image job finishing while the account is deleted: no gallery row, no R2 file", async () => {
    const jobs = jobsEnv();
    const { client, user } = await signedInClient();
    const created = await createJob(client.withEnv(jobs.env), { tool: "image-generation", prompt: "a lighthouse at dawn" });
    expect(created.ok).toBe(true);
    const { env: deleting, sent } = deletionsEnv();
    // The account is deleted while the picture is being stored.
    const puts: string[] = [];
    const bucket = new Proxy(media, {
      get: (target, property) =>
        property === "put"
          ? async (key: string, ...rest: unknown[]) => {
              const stored = await (target.put as (...args: unknown[]) => Promise<unknown>)(key, ...rest);
              puts.push(key);
              await client.withEnv(deleting).action("/settings/account", { intent: "delete-account" });
              return stored;
            }
          : (Reflect.get(target, property) as (...args: unknown[]) => unknown).bind(target),
    });
    const result = await deliver({ ...jobs.env, MEDIA: bucket } as AppEnv, [{ id: "image-after-deletion", body: jobs.sent[0] }]);
    expect(result.retryMessages).toHaveLength(0);
    expect(puts).toHaveLength(1);
    await runDeletions(deleting, sent);
    expect(await media.head(puts[0]!)).toBeNull();
    expect(await inAccountDb(user.id, (store) => store.select().from(accountSchema.galleryImages).all())).toEqual([]);
  });

  it("a streaming answer stops, and keeps nothing: no message, no memory note, nothing in the object's storage", async () => {
    const { client, user } = await signedInClient();
    const { messageId, rest } = await startStreamingAnswer(client, "normal?n=40&ms=40", "My name is Ada Lovelace. Tell me a long story.");

    const { env, sent } = deletionsEnv();
    await client.withEnv(env).action("/settings/account", { intent: "delete-account" });
    const events = await rest();
    expect(events).not.toContain('"status":"complete"');
    const relay = appEnv.ACCOUNT.get(appEnv.ACCOUNT.idFromName(user.id));
    await runInDurableObject(relay, (instance) => runnerOf(instance).until(messageId, (state) => state.name === "ended"));
    await runDeletions(env, sent);

    const { chatMessages, memoryNotes } = accountSchema;
    expect(await inAccountDb(user.id, (store) => [store.select().from(chatMessages).all(), store.select().from(memoryNotes).all()])).toEqual([[], []]);
    const kept = await runInDurableObject(relay, async (_instance, state) => [...(await state.storage.list()).keys()]);
    expect(kept).toEqual(["account:erased"]);
  });
});
