// "Download my data" through the whole worker (decision 0018): the owner asks, the data-exports consumer (driven with
// message batches, as the queue would) streams the ZIP into R2, the page's status API follows it, the download is the
// owner's alone, unzips to the chats, a creation's picture, a WhatsApp voice note and the account, and expires after 7 days; limits refuse
// with translated messages and store nothing. The account's rows, the export's among them, live in its object
// (decision 0026): the test makes and reads them there.
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { accountObject } from "../../app/.server/account/client";
import type { Account } from "../../app/.server/account/object";
import type { AppEnv } from "../../app/.server/env";
import { EXPORT_CLEANUP_TASK } from "../../app/.server/exports/operations";
import type { DataExportMessage } from "../../app/.server/exports/messages";
import { R2PartWriter, StreamingZip, PART_SIZE } from "../../app/.server/exports/zip-writer";
import type { DataExportView } from "../../app/lib/schemas/exports";
import enErrors from "../../locales/en/errors.json";
import trErrors from "../../locales/tr/errors.json";
import { accountSchema as schema, inAccountDb } from "./account-helpers";
import { Client, latestEmail, signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";
import { exportsEnv, latestExport as latest, startExport as start } from "./exports-helpers";
import { deliver, PNG_SIGNATURE, pngFile } from "./images-helpers";
import { seedMemories } from "./memory-helpers";
import { silentOggOpus } from "../mocks/fake-audio.mjs";

async function signedIn(env: AppEnv) {
  const { client, user } = await signedInClient({ displayName: "Ada Export" });
  return { client: client.withEnv(env), user };
}

async function exportRows(ownerId: string) {
  return inAccountDb(ownerId, (db) => db.select().from(schema.dataExports).all());
}

async function makeThread(ownerId: string) {
  const threadId = crypto.randomUUID();
  await inAccountDb(ownerId, (db) =>
    db
      .insert(schema.chatThreads)
      .values({ id: threadId, ownerId, title: "Tides and the Moon", createdAt: Date.UTC(2026, 2, 3, 8) })
      .run(),
  );
  const questionId = crypto.randomUUID();
  await inAccountDb(ownerId, (db) =>
    db
      .insert(schema.chatMessages)
      .values([
        { id: questionId, threadId, role: "user", content: "Why are there two tides a day?", createdAt: Date.UTC(2026, 2, 3, 8) },
        {
          id: crypto.randomUUID(),
          threadId,
          role: "assistant",
          content: "The Moon pulls the near and the far side.",
          model: "gpt-4o-mini",
          createdAt: Date.UTC(2026, 2, 3, 8, 1),
        },
      ])
      .run(),
  );
  return { threadId, questionId };
}

/** A WhatsApp voice note kept with the question it became (decision 0025), as voice/kept-voice-notes.ts keeps one. */
async function makeVoiceNote(ownerId: string, thread: { threadId: string; questionId: string }) {
  const bytes = silentOggOpus(2);
  const r2Key = `voice-notes/${ownerId}/${thread.threadId}/${thread.questionId}.ogg`;
  await appEnv.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: "audio/ogg" } });
  const note = {
    messageId: thread.questionId,
    ownerId,
    r2Key,
    contentType: "audio/ogg",
    bytes: bytes.byteLength,
    seconds: 2,
    createdAt: Date.UTC(2026, 2, 3, 8),
  };
  await inAccountDb(ownerId, (db) => db.insert(schema.voiceNotes).values(note).run());
  return bytes;
}

async function makeCreation(ownerId: string) {
  const id = crypto.randomUUID();
  const bytes = await pngFile(20, 10);
  const r2Key = `gallery/${ownerId}/${id}.png`;
  await appEnv.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: "image/png" } });
  const image = {
    id,
    ownerId,
    jobId: crypto.randomUUID(),
    tool: "image-generation",
    prompt: "a lighthouse at dusk",
    model: "demo",
    r2Key,
    contentType: "image/png",
    width: 20,
    height: 10,
    bytes: bytes.byteLength,
    createdAt: Date.UTC(2026, 2, 4),
  } as const;
  await inAccountDb(ownerId, (db) => db.insert(schema.galleryImages).values(image).run());
  return { id, bytes };
}

/** Asks for an export and runs the consumer on the message it sent. */
async function readyExport(client: Client, env: AppEnv, sent: DataExportMessage[]) {
  expect((await start(client)).status).toBe(202);
  const result = await deliver(env, [{ id: `export-${sent.length}`, body: sent.at(-1) }], "data-exports");
  expect(result.explicitAcks).toHaveLength(1);
  return (await latest(client))!;
}

describe("download my data", { timeout: 60_000 }, () => {
  it("queues an export, builds the ZIP with the chats, a picture and the account, shows it ready and e-mails the link", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    await seedMemories(user.id, ["Lives in İzmir"]);
    const voiceNote = await makeVoiceNote(user.id, await makeThread(user.id));
    const creation = await makeCreation(user.id);

    const response = await start(client);
    expect(response.status).toBe(202);
    const queued = ((await response.json()) as { export: DataExportView }).export;
    expect(queued).toMatchObject({ status: "queued", progress: 0, downloadUrl: null });
    expect(sent).toEqual([{ exportId: queued.id, ownerId: user.id, origin: "https://app.example" }]);
    expect(await latest(client)).toMatchObject({ id: queued.id, status: "queued" });

    const result = await deliver(env, [{ id: "export-1", body: sent[0] }], "data-exports");
    expect(result.explicitAcks).toEqual(["export-1"]);
    const ready = (await latest(client))!;
    expect(ready).toMatchObject({ id: queued.id, status: "ready", progress: 100, downloadUrl: `/api/exports/${queued.id}/download` });
    expect(ready.expiresAt! - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const download = await client.get(ready.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="nova-data-${new Date().toISOString().slice(0, 10)}.zip"`);
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      "account.json",
      expect.stringMatching(/^chats\/2026-03-03-tides-and-the-moon-[0-9a-f]{8}\.json$/),
      expect.stringMatching(/^chats\/2026-03-03-tides-and-the-moon-[0-9a-f]{8}\.md$/),
      expect.stringMatching(/^creations\/2026-03-04-image-generation-[0-9a-f]{8}\.png$/),
      "creations/creations.json",
      "documents/documents.json",
      "horoscope/birth-profile.json",
      "horoscope/readings.json",
      "memory-notes.json",
      "memory.json",
      "notifications.json",
      "plan/subscriptions.json",
      "schedules.json",
      "share-links.json",
      "sign-in/passkeys.json",
      "sign-in/sessions.json",
      "translations/translations.json",
      "uploads/uploads.json",
      expect.stringMatching(/^voice-notes\/2026-03-03-[0-9a-f]{8}\.ogg$/),
      "voice-notes/voice-notes.json",
      "whatsapp.json",
    ]);
    expect(JSON.parse(strFromU8(files["horoscope/birth-profile.json"]!))).toBeNull();
    // Memory (decision 0027): the switch, the instructions and every memory.
    expect(JSON.parse(strFromU8(files["memory.json"]!))).toEqual({
      useAndSaveMemory: true,
      customInstructions: { aboutYou: "", answerStyle: "" },
      memories: [expect.objectContaining({ text: "Lives in İzmir", learnedFromChat: null })],
    });
    const markdown = strFromU8(files[names.find((name) => name.endsWith(".md"))!]!);
    expect(markdown).toContain("Why are there two tides a day?");
    expect(markdown).toContain("The Moon pulls the near and the far side.");
    const thread = JSON.parse(strFromU8(files[names.find((name) => name.startsWith("chats/") && name.endsWith(".json"))!]!));
    expect(thread.messages.map((message: { content: string }) => message.content)).toEqual([
      "Why are there two tides a day?",
      "The Moon pulls the near and the far side.",
    ]);
    const picture = files[names.find((name) => name.endsWith(".png"))!]!;
    expect([...picture.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(picture).toEqual(creation.bytes);
    const account = JSON.parse(strFromU8(files["account.json"]!));
    expect(account).toMatchObject({
      name: "Ada Export",
      email: user.email,
      emailVerified: true,
      plan: "FREE",
      loginConnections: [{ provider: "email", email: user.email, verified: true }],
    });
    // Secrets never leave: no password hash, no provider subject, no session.
    expect(strFromU8(files["account.json"]!)).not.toMatch(/pbkdf2|subject|session/i);
    expect(JSON.parse(strFromU8(files["creations/creations.json"]!))).toMatchObject([
      { tool: "image-generation", description: "a lighthouse at dusk", file: expect.stringMatching(/\.png$/) },
    ]);
    expect(JSON.parse(strFromU8(files["plan/subscriptions.json"]!))).toEqual({ currentPlan: "FREE", subscriptions: [] });
    expect(files[names.find((name) => name.endsWith(".ogg"))!]).toEqual(voiceNote);
    expect(JSON.parse(strFromU8(files["voice-notes/voice-notes.json"]!))).toMatchObject([
      { transcript: "Why are there two tides a day?", seconds: 2, file: expect.stringMatching(/\.ogg$/), chat: expect.stringMatching(/^chats\/.*\.md$/) },
    ]);

    const email = await latestEmail(user.email);
    expect(email.row?.subject).toBe("Your Nova Assistant data is ready to download");
    expect(email.link).toBe(`https://app.example/api/exports/${queued.id}/download`);

    // A redelivered message finds the export finished: nothing is built or sent again.
    await deliver(env, [{ id: "export-1", body: sent[0], attempts: 2 }], "data-exports");
    expect(await exportRows(user.id)).toMatchObject([{ status: "ready", attempts: 1 }]);
  });

  it("answers another account, visitors and malformed ids with 404/401, and keeps to one at a time and 3 a day", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    const { client: stranger } = await signedIn(env);
    const ready = await readyExport(client, env, sent);

    stranger.cookies.set("locale", "tr");
    const theirs = await stranger.get(ready.downloadUrl!);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ ok: false, error: { code: "export/not-found", message: trErrors["export/not-found"] } });
    expect((await stranger.get("/api/exports/not-an-id/download")).status).toBe(404);
    expect(await latest(stranger)).toBeNull();

    const visitor = new Client(undefined, env);
    const anonymous = await visitor.get(ready.downloadUrl!);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "export/sign-in-required", message: enErrors["export/sign-in-required"] } });
    // Opened from the e-mail in a browser: sign in, then back to the file.
    const opened = await visitor.fetch(ready.downloadUrl!, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(ready.downloadUrl!)}`);
    expect((await start(visitor)).status).toBe(401);
    expect((await visitor.get("/api/exports/latest")).status).toBe(401);

    // A stray body is refused before anything is stored.
    const stray = await start(client, "delete-everything");
    expect(stray.status).toBe(400);
    expect(await exportRows(user.id)).toHaveLength(1);

    // One at a time: a second press while the first is queued is a 409, nothing stored or sent.
    expect((await start(client)).status).toBe(202);
    const again = await start(client);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "export/in-progress", message: enErrors["export/in-progress"] } });
    expect(sent).toHaveLength(2);
    await deliver(env, [{ id: "second", body: sent[1] }], "data-exports");

    // The third of the day is allowed; the fourth is a 429 with the wait until the oldest leaves the 24 hours.
    await readyExport(client, env, sent);
    const fourth = await start(client);
    expect(fourth.status).toBe(429);
    const retryAfter = Number(fourth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await fourth.json()).toMatchObject({ error: { code: "export/rate-limited", message: enErrors["export/rate-limited"] } });
    expect(await exportRows(user.id)).toHaveLength(3);
    expect(sent).toHaveLength(3);
  });

  it("expires after 7 days: 410 with the translated message, and the account's alarm deletes the archive", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    const ready = await readyExport(client, env, sent);
    const [row] = await exportRows(user.id);
    expect(await appEnv.MEDIA.head(row!.r2Key!)).not.toBeNull();
    // The archive's end was put on the object's alarm when it became ready.
    const account = accountObject(appEnv, user.id);
    const cleanUpAt = await runInDurableObject(account, (_, state) => state.storage.get<number>(`alarm:${EXPORT_CLEANUP_TASK}`));
    expect(cleanUpAt).toBeLessThanOrEqual(ready.expiresAt!);

    // Seven days later: the row's end and the alarm's task are both due.
    await inAccountDb(user.id, (db) =>
      db
        .update(schema.dataExports)
        .set({ expiresAt: Date.now() - 1000 })
        .where(eq(schema.dataExports.id, ready.id))
        .run(),
    );
    client.cookies.set("locale", "tr");
    const late = await client.get(ready.downloadUrl!);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ error: { code: "export/expired", message: trErrors["export/expired"] } });
    expect(await latest(client)).toMatchObject({ status: "expired", downloadUrl: null });

    await runInDurableObject(account, async (instance, state) => {
      await state.storage.put(`alarm:${EXPORT_CLEANUP_TASK}`, Date.now());
      await (instance as Account).alarm();
    });
    expect(await appEnv.MEDIA.head(row!.r2Key!)).toBeNull();
    expect(await exportRows(user.id)).toMatchObject([{ status: "expired", r2Key: null }]);
    expect((await client.get(ready.downloadUrl!)).status).toBe(410);
  });

  it("retries a failed attempt, then marks the export failed and lets the owner ask again", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    // An R2 whose uploads fail at the first part, as a storage outage would.
    const broken = {
      ...env,
      MEDIA: {
        createMultipartUpload: async (key: string, options: R2MultipartOptions) => {
          const upload = await appEnv.MEDIA.createMultipartUpload(key, options);
          return { abort: () => upload.abort(), uploadPart: async () => Promise.reject(new Error("R2 is down")), complete: () => upload.complete([]) };
        },
        get: (key: string) => appEnv.MEDIA.get(key),
      },
    } as unknown as AppEnv;
    expect((await start(client)).status).toBe(202);
    const first = await deliver(broken, [{ id: "f-1", body: sent[0], attempts: 1 }], "data-exports");
    expect(first.retryMessages.map((message) => message.msgId)).toEqual(["f-1"]);
    expect((await latest(client))?.status).toBe("running");
    const last = await deliver(broken, [{ id: "f-1", body: sent[0], attempts: 3 }], "data-exports");
    expect(last.explicitAcks).toEqual(["f-1"]);
    expect(await latest(client)).toMatchObject({ status: "failed", downloadUrl: null });
    expect((await start(client)).status).toBe(202);
    expect(await exportRows(user.id)).toHaveLength(2);
  });

  it("streams archives larger than one part through R2 multipart in fixed 5 MiB parts", async () => {
    const key = `exports/test/${crypto.randomUUID()}.zip`;
    const writer = new R2PartWriter(await appEnv.MEDIA.createMultipartUpload(key));
    const zip = new StreamingZip(writer);
    const chunk = crypto.getRandomValues(new Uint8Array(64 * 1024));
    const total = 11 * 1024 * 1024;
    let pushed = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pushed >= total) return controller.close();
        controller.enqueue(chunk.slice());
        pushed += chunk.byteLength;
      },
    });
    await zip.addStream("big.bin", body, Date.UTC(2026, 0, 1));
    await zip.addText("note.txt", "after the big file", Date.UTC(2026, 0, 1));
    await zip.finish();
    const object = await appEnv.MEDIA.get(key);
    expect(object!.size).toBe(writer.bytes);
    expect(object!.size).toBeGreaterThan(2 * PART_SIZE);
    const files = unzipSync(new Uint8Array(await object!.arrayBuffer()));
    expect(files["big.bin"]!.byteLength).toBe(total);
    expect(files["big.bin"]!.subarray(0, chunk.byteLength)).toEqual(chunk);
    expect(strFromU8(files["note.txt"]!)).toBe("after the big file");
    await appEnv.MEDIA.delete(key);
  });
});
