// Abandoned uploads (decision 0013): uploads nothing refers to are deleted 24 hours after they were made, row and R2
// object, in bounded batches, keeping attachments, job sources, avatars and recent ones. Each account's object does it
// for its own uploads with its alarm (decision 0026), woken 24 hours after an upload is stored; the alarm is shared with
// the chat relay's keep-alive (account/alarms.ts), and neither task moves or drops the other's.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AccountAlarms } from "../../app/.server/account/alarms";
import { schema } from "../../app/.server/db";
import { ABANDONED_UPLOAD_AGE_MS, cleanUpAbandonedUploads, UPLOAD_CLEANUP_TASK } from "../../app/.server/images/cleanup";
import { accountSchema, inAccountDb } from "./account-helpers";
import { createUser, guestIdOf } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";
import { db, pngFile, signedIn, upload } from "./images-helpers";
import { Client } from "./auth-helpers";

const HOUR = 60 * 60 * 1000;
const { uploads, chatThreads, chatMessages, imageJobs } = accountSchema;

const accountStub = (accountId: string) => env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));

/** An upload row in the owner's object and its R2 object, `ageMs` old. */
async function storedUpload(ownerId: string, ageMs: number, key?: string) {
  const id = crypto.randomUUID();
  const r2Key = key ?? `uploads/${ownerId}/${id}.png`;
  await appEnv.MEDIA.put(r2Key, await pngFile(4, 4));
  await inAccountDb(ownerId, (account) =>
    account
      .insert(uploads)
      .values({ id, ownerId, r2Key, contentType: "image/png", bytes: 100, width: 4, height: 4, createdAt: Date.now() - ageMs })
      .run(),
  );
  return { ownerId, id, r2Key };
}

async function exists(upload: { ownerId: string; id: string; r2Key: string }) {
  const row = await inAccountDb(upload.ownerId, (account) => account.select().from(uploads).where(eq(uploads.id, upload.id)).get());
  const object = await appEnv.MEDIA.head(upload.r2Key);
  return { row: Boolean(row), object: Boolean(object) };
}

/** The object's alarm and its tasks' due times. */
function alarmsOf(accountId: string) {
  return runInDurableObject(accountStub(accountId), async (_instance, state) => ({
    alarm: await state.storage.getAlarm(),
    tasks: Object.fromEntries(await state.storage.list<number>({ prefix: "alarm:" })),
  }));
}

/** Makes the clean-up due now (as 24 hours passing would) and runs the account's alarm handler. */
async function cleanUpNow(accountId: string) {
  await runInDurableObject(accountStub(accountId), async (instance, state) => {
    await state.storage.put(`alarm:${UPLOAD_CLEANUP_TASK}`, Date.now());
    await (instance as unknown as { alarm(): Promise<void> }).alarm();
  });
}

describe("deleting abandoned uploads (each account's alarm)", () => {
  it("an upload wakes its account's clean-up 24 hours later", async () => {
    const visitor = new Client();
    const before = Date.now();
    const stored = await upload(visitor, await pngFile());
    expect(stored.status).toBe(201);
    const { alarm, tasks } = await alarmsOf(guestIdOf(visitor));
    expect(tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]).toBeGreaterThanOrEqual(before + ABANDONED_UPLOAD_AGE_MS);
    expect(tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]).toBeLessThanOrEqual(Date.now() + ABANDONED_UPLOAD_AGE_MS);
    expect(alarm).toBe(tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]);
  });

  it("deletes what nothing refers to after 24 hours, row and object, and keeps everything else", async () => {
    const user = await createUser();
    const guest = `g_${crypto.randomUUID()}`;
    const abandonedByGuest = await storedUpload(guest, 25 * HOUR);
    const abandonedByUser = await storedUpload(user.id, 25 * HOUR);
    const recent = await storedUpload(guest, 23 * HOUR);
    const attached = await storedUpload(user.id, 48 * HOUR);
    const tattooSource = await storedUpload(user.id, 48 * HOUR);
    const avatar = await storedUpload(user.id, 48 * HOUR, `avatars/${user.id}/${crypto.randomUUID()}.png`);

    const threadId = uniqueId("thread");
    await inAccountDb(user.id, (account) => {
      account.insert(chatThreads).values({ id: threadId, ownerId: user.id, title: "With a photo" }).run();
      account
        .insert(chatMessages)
        .values({ id: uniqueId("msg"), threadId, role: "user", content: "look", attachmentId: attached.id })
        .run();
      account
        .insert(imageJobs)
        .values({
          id: uniqueId("job"),
          ownerId: user.id,
          tool: "tattoo-generator",
          status: "done",
          model: "gpt-4o-mini",
          params: JSON.stringify({ uploadId: tattooSource.id }),
          sourceUploadId: tattooSource.id,
          creditKey: uniqueId("credit"),
        })
        .run();
    });
    await db.update(schema.users).set({ profilePhotoKey: avatar.r2Key }).where(eq(schema.users.id, user.id));

    for (const owner of [user.id, guest]) await cleanUpNow(owner);

    expect(await exists(abandonedByGuest)).toEqual({ row: false, object: false });
    expect(await exists(abandonedByUser)).toEqual({ row: false, object: false });
    for (const kept of [recent, attached, tattooSource, avatar]) expect(await exists(kept)).toEqual({ row: true, object: true });
    // The guest's clean-up wakes again when its recent upload turns 24 hours old; the user's a day later, since a
    // reference may go (a deleted chat) while the old ones it keeps remain.
    expect((await alarmsOf(guest)).tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]).toBeLessThanOrEqual(Date.now() + HOUR);
    expect((await alarmsOf(user.id)).tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]).toBeGreaterThan(Date.now() + 23 * HOUR);

    // Idempotent: a second run (or an overlapping one) changes nothing and fails on nothing.
    for (const owner of [user.id, guest]) await cleanUpNow(owner);
    for (const kept of [recent, attached, tattooSource, avatar]) expect(await exists(kept)).toEqual({ row: true, object: true });
  });

  it("works in bounded batches and picks up the rest on the next run", async () => {
    const owner = `g_${crypto.randomUUID()}`;
    const old = await Promise.all(Array.from({ length: 5 }, (_, index) => storedUpload(owner, 30 * HOUR + index * 1000)));
    const run = () => inAccountDb(owner, (account) => cleanUpAbandonedUploads({ db: account, env: appEnv }, { batchSize: 2, maxBatches: 2 }));
    expect(await run()).toMatchObject({ deleted: 4, more: true });
    expect(await run()).toMatchObject({ deleted: 1, more: false, nextAt: null });
    for (const stored of old) expect(await exists(stored)).toEqual({ row: false, object: false });
  });

  it("shares the object's one alarm with the chat relay's keep-alive: each task keeps its own time", async () => {
    const { client, user } = await signedIn(appEnv);
    expect((await upload(client, await pngFile())).status).toBe(201);
    const cleanupAt = (await alarmsOf(user.id)).tasks[`alarm:${UPLOAD_CLEANUP_TASK}`]!;
    const stub = accountStub(user.id);
    // An answer starts streaming: the relay wants to look again in 30 seconds, long before the clean-up.
    const relayAt = Date.now() + 30_000;
    await runInDurableObject(stub, (instance) => (instance as unknown as { alarms: AccountAlarms }).alarms.schedule("relay", relayAt));
    expect(await alarmsOf(user.id)).toEqual({ alarm: relayAt, tasks: { "alarm:relay": relayAt, [`alarm:${UPLOAD_CLEANUP_TASK}`]: cleanupAt } });
    // The relay's wake-up finds nothing streaming and stops asking; the clean-up keeps its time and the alarm moves there.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await alarmsOf(user.id)).toEqual({ alarm: cleanupAt, tasks: { [`alarm:${UPLOAD_CLEANUP_TASK}`]: cleanupAt } });
  });
});
