// Abandoned uploads (decision 0013): the hourly scheduled handler deletes uploads nothing refers to 24 hours after they
// were made, D1 row and R2 object, in bounded batches, and keeps attachments, job sources, avatars and recent ones.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import { deleteAbandonedUploads } from "../../app/.server/images/cleanup";
import worker from "../../workers/app";
import { createUser } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";
import { db, pngFile } from "./images-helpers";

const HOUR = 60 * 60 * 1000;

/** An upload row and its R2 object, `ageMs` old. */
async function storedUpload(ownerId: string, ageMs: number, key?: string) {
  const id = crypto.randomUUID();
  const r2Key = key ?? `uploads/${ownerId}/${id}.png`;
  await appEnv.MEDIA.put(r2Key, await pngFile(4, 4));
  await db.insert(schema.uploads).values({ id, ownerId, r2Key, contentType: "image/png", bytes: 100, width: 4, height: 4, createdAt: Date.now() - ageMs });
  return { id, r2Key };
}

async function exists(upload: { id: string; r2Key: string }) {
  const row = await db.query.uploads.findFirst({ where: eq(schema.uploads.id, upload.id) });
  const object = await appEnv.MEDIA.head(upload.r2Key);
  return { row: Boolean(row), object: Boolean(object) };
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), appEnv as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("deleting abandoned uploads (scheduled)", () => {
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
    await db.insert(schema.chatThreads).values({ id: threadId, ownerId: user.id, title: "With a photo" });
    await db.insert(schema.chatMessages).values({ id: uniqueId("msg"), threadId, role: "user", content: "look", attachmentId: attached.id });
    await db.insert(schema.imageJobs).values({
      id: uniqueId("job"),
      ownerId: user.id,
      tool: "tattoo-generator",
      status: "done",
      model: "gpt-4o-mini",
      params: JSON.stringify({ uploadId: tattooSource.id }),
      sourceUploadId: tattooSource.id,
      creditKey: uniqueId("credit"),
    });
    await db.update(schema.users).set({ profilePhotoKey: avatar.r2Key }).where(eq(schema.users.id, user.id));

    await runCron();

    expect(await exists(abandonedByGuest)).toEqual({ row: false, object: false });
    expect(await exists(abandonedByUser)).toEqual({ row: false, object: false });
    for (const kept of [recent, attached, tattooSource, avatar]) expect(await exists(kept)).toEqual({ row: true, object: true });

    // Idempotent: a second run (or an overlapping one) changes nothing and fails on nothing.
    await runCron();
    for (const kept of [recent, attached, tattooSource, avatar]) expect(await exists(kept)).toEqual({ row: true, object: true });
  });

  it("works in bounded batches and picks up the rest on the next run", async () => {
    const owner = `g_${crypto.randomUUID()}`;
    const old = await Promise.all(Array.from({ length: 5 }, (_, index) => storedUpload(owner, 30 * HOUR + index * 1000)));
    const first = await deleteAbandonedUploads(appEnv, { batchSize: 2, maxBatches: 2 });
    expect(first).toEqual({ deleted: 4, more: true });
    const second = await deleteAbandonedUploads(appEnv, { batchSize: 2, maxBatches: 2 });
    expect(second).toEqual({ deleted: 1, more: false });
    for (const upload of old) expect(await exists(upload)).toEqual({ row: false, object: false });
  });
});
