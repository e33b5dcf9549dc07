// The storage quota counts every stored byte (decision 0013, "What counts"): uploads, creations, documents with their
// text and search index, continue-copies, kept voice notes and the read-aloud cache, each written only if it still fits
// as its row is recorded inside the account's object, so writes racing at the quota's edge never pass it together.
// Settings › Account shows what uses the space, by kind.
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import { keepVoiceNote } from "../../app/.server/voice/kept-voice-notes";
import { UPLOAD_LIMITS } from "../../app/.server/write-limits";
import enErrors from "../../locales/en/errors.json";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser, signedInClient } from "./auth-helpers";
import { sendTurn, storeThread, upstreamEnv } from "./chat-helpers";
import { documentsAccount, pageRows, readAll, uploadFile } from "./documents-helpers";
import { appEnv } from "./helpers";
import { pngFile, uploadCount } from "./images-helpers";
import { addGraphMedia, linkNumber, sendAndAnswer, textsTo, uniqueNumber, whatsappEnv } from "./whatsapp-helpers";

const MB = 1024 * 1024;
const FREE_QUOTA = UPLOAD_LIMITS.storageQuotaBytes.free;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(1000).fill(7)]);

/** Rows that say the account keeps `bytes` already as photos (the quota counts recorded sizes). */
async function keepBytes(ownerId: string, bytes: number) {
  const id = crypto.randomUUID();
  await inAccountDb(ownerId, (account) =>
    account
      .insert(accountSchema.uploads)
      .values({ id, ownerId, r2Key: `uploads/${ownerId}/${id}.png`, contentType: "image/png", bytes, width: 1, height: 1 })
      .run(),
  );
}

const usage = (accountId: string) => inAccount(appEnv, accountId, "storage.usage", {});

async function keys(prefix: string) {
  return (await appEnv.MEDIA.list({ prefix })).objects.map((object) => object.key);
}

describe("Continue this chat", { timeout: 60_000 }, () => {
  /** A thread whose questions each show an image (`images` of them), shared. */
  async function sharedWithImage(images = 1) {
    const { client: owner, user } = await signedInClient();
    const threadId = crypto.randomUUID();
    const t = Date.now() - 10_000;
    const messages = [];
    for (let index = 0; index < images; index += 1) {
      const uploadId = crypto.randomUUID();
      const r2Key = `uploads/${user.id}/${uploadId}.png`;
      await appEnv.MEDIA.put(r2Key, PNG, { httpMetadata: { contentType: "image/png" } });
      await inAccountDb(user.id, (account) =>
        account
          .insert(accountSchema.uploads)
          .values({ id: uploadId, ownerId: user.id, r2Key, contentType: "image/png", bytes: PNG.byteLength, width: 1, height: 1 })
          .run(),
      );
      messages.push(
        { id: crypto.randomUUID(), threadId, role: "user" as const, content: "What is in this photo?", attachmentId: uploadId, createdAt: t + index * 10 },
        { id: crypto.randomUUID(), threadId, role: "assistant" as const, content: "A small square.", model: "gpt-4o-mini", createdAt: t + index * 10 + 1 },
      );
    }
    await storeThread(user.id, { id: threadId, title: "Shared with a photo" }, messages);
    const made = await owner.fetch(`/api/threads/${threadId}/share`, { method: "POST", body: new URLSearchParams({ intent: "share" }) });
    return ((await made.json()) as { share: { id: string } }).share.id;
  }

  it("copies at the quota's edge are decided one after another: one fits, the others are 413 with nothing kept", async () => {
    const shareId = await sharedWithImage();
    const { client: visitor, user } = await signedInClient();
    // Room for one copy of the photo, not two.
    await keepBytes(user.id, FREE_QUOTA - Math.floor(PNG.byteLength * 1.5));
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => visitor.fetch(`/api/shares/${shareId}/continue`, { method: "POST", body: new URLSearchParams({ intent: "continue" }) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 413, 413]);
    const refused = (await answers.find((answer) => answer.status === 413)!.json()) as { error: { code: string; message: string } };
    expect(refused.error).toMatchObject({ code: "upload/quota-exceeded", message: enErrors["upload/quota-exceeded"].replace("{{quota}}", "500 MB") });
    expect((await usage(user.id)).total).toBeLessThanOrEqual(FREE_QUOTA);
    expect(await keys(`uploads/${user.id}/`)).toHaveLength(1);
    const threads = await inAccountDb(user.id, (db) => db.select().from(accountSchema.chatThreads).all());
    expect(threads).toHaveLength(1);
  });

  it("a chat whose second image does not fit is refused whole: the first image's copy goes again", async () => {
    const shareId = await sharedWithImage(2);
    const { client: visitor, user } = await signedInClient();
    await keepBytes(user.id, FREE_QUOTA - Math.floor(PNG.byteLength * 1.5));
    const answer = await visitor.fetch(`/api/shares/${shareId}/continue`, { method: "POST", body: new URLSearchParams({ intent: "continue" }) });
    expect(answer.status).toBe(413);
    expect(await uploadCount(user.id)).toBe(1);
    expect(await keys(`uploads/${user.id}/`)).toEqual([]);
  });
});

describe("kept voice notes", { timeout: 60_000 }, () => {
  it("notes arriving together at the quota's edge are decided inside the object: only what fits is kept", async () => {
    const user = await createUser();
    const threadId = crypto.randomUUID();
    const t = Date.now() - 10_000;
    const turns = Array.from({ length: 3 }, (_, index) => ({ questionId: crypto.randomUUID(), answerId: crypto.randomUUID(), at: t + index * 10 }));
    await storeThread(
      user.id,
      { id: threadId, title: "Voice notes", channel: "whatsapp" },
      turns.flatMap((turn) => [
        { id: turn.questionId, threadId, role: "user" as const, content: "heard", createdAt: turn.at },
        { id: turn.answerId, threadId, role: "assistant" as const, content: "answered", model: "gpt-4o-mini", createdAt: turn.at + 1 },
      ]),
    );
    const audio = new Uint8Array(4000).fill(1);
    await keepBytes(user.id, FREE_QUOTA - Math.floor(audio.byteLength * 1.5));
    const owner = { accountId: user.id, plan: "free" as const };
    const kept = await Promise.all(
      turns.map((turn) =>
        keepVoiceNote(appEnv, owner, { threadId, answerId: turn.answerId }, { bytes: audio, seconds: 2, type: "audio/ogg", extension: "ogg" }),
      ),
    );
    expect(kept.filter(Boolean)).toHaveLength(1);
    const used = await usage(user.id);
    expect(used.voiceNotes).toBe(audio.byteLength);
    expect(used.total).toBeLessThanOrEqual(FREE_QUOTA);
    expect(await keys(`voice-notes/${user.id}/`)).toHaveLength(1);
  });
});

describe("a photo sent on WhatsApp", { timeout: 60_000 }, () => {
  it("is not kept past the quota, and the person is told their storage is full", async () => {
    const { env, queued } = whatsappEnv();
    const user = await createUser({ accessLevel: "pro" });
    const from = uniqueNumber();
    await linkNumber(user.id, from);
    await keepBytes(user.id, UPLOAD_LIMITS.storageQuotaBytes.pro - 10);
    const mediaId = await addGraphMedia(await pngFile(40, 30), "image/png");
    await sendAndAnswer(env, queued, { from, image: { id: mediaId, caption: "What is in this picture?" } });
    expect((await textsTo(from))[0]).toContain("Your storage is full");
    expect(await uploadCount(user.id)).toBe(1);
    expect(await keys(`uploads/${user.id}/`)).toEqual([]);
  });
});

describe("documents' text and search index", { timeout: 60_000 }, () => {
  const text = (words: number) => new TextEncoder().encode(Array.from({ length: words }, (_, index) => `word${index}`).join(" "));

  it("count in the quota once the document is read, beside its file", async () => {
    const account = await documentsAccount();
    const file = text(20_000);
    const uploaded = await uploadFile(account.client, file, "notes.txt", "text/plain");
    expect(uploaded.status).toBe(201);
    const before = await usage(account.user.id);
    expect(before.documents).toBe(file.byteLength);
    expect((await readAll(account, uploaded.json.id!)).json.document?.state).toBe("ready");
    const after = await usage(account.user.id);
    // The file, its text as stored, and the index kept beside it.
    expect(after.documents).toBeGreaterThan(2 * file.byteLength);
    expect(after.total).toBe(after.documents);
  });

  it("a document whose text does not fit is not readable: it says the storage is full, and no page is kept", async () => {
    const account = await documentsAccount();
    const file = text(20_000);
    await keepBytes(account.user.id, FREE_QUOTA - file.byteLength - 1000);
    const uploaded = await uploadFile(account.client, file, "notes.txt", "text/plain");
    expect(uploaded.status).toBe(201);
    const read = await readAll(account, uploaded.json.id!);
    expect(read.json.document).toMatchObject({ state: "failed", failure: "document/storage-full" });
    expect(await pageRows(account.user.id, uploaded.json.id!)).toEqual([]);
    expect((await usage(account.user.id)).total).toBeLessThanOrEqual(FREE_QUOTA);
  });
});

describe("the read-aloud cache", { timeout: 60_000 }, () => {
  async function answered() {
    const user = await createUser();
    const client = new Client(undefined, upstreamEnv("normal"));
    await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    const turn = await sendTurn(client, { message: `Tell me about ${crypto.randomUUID().slice(0, 8)} please` });
    expect(turn.done?.status).toBe("complete");
    return { client, user, messageId: turn.messageId!, threadId: turn.threadId! };
  }
  const speech = (client: Client, messageId: string) =>
    client.fetch("/api/speech", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ messageId, voice: "nova" }) });

  it("counts in the quota", async () => {
    const { client, user, messageId } = await answered();
    const audio = await (await speech(client, messageId)).arrayBuffer();
    expect((await speech(client, messageId)).headers.get("X-Speech-Cache")).toBe("hit");
    expect((await usage(user.id)).readAloud).toBe(audio.byteLength);
  });

  it("is not kept past the quota: the answer is still read aloud, and nothing is cached", async () => {
    const { client, user, messageId, threadId } = await answered();
    await keepBytes(user.id, FREE_QUOTA - 10);
    const first = await speech(client, messageId);
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(10);
    expect(await keys(`speech/${user.id}/${threadId}/`)).toEqual([]);
    expect((await usage(user.id)).total).toBeLessThanOrEqual(FREE_QUOTA);
  });
});

describe("Settings › Account", { timeout: 60_000 }, () => {
  it("shows what uses the space, by kind, with the total and the plan's quota, in English and Turkish", async () => {
    const { client, user } = await signedInClient();
    await keepBytes(user.id, 12.3 * MB);
    const id = crypto.randomUUID();
    await inAccountDb(user.id, (db) =>
      db
        .insert(accountSchema.documents)
        .values({ id, ownerId: user.id, name: "a.txt", contentType: "text/plain", r2Key: `documents/${user.id}/${id}.txt`, bytes: 2 * MB, pages: 1 })
        .run(),
    );
    const page = await (await client.get("/settings/account")).text();
    expect(page).toContain("Storage: 14.3 MB of 500 MB used");
    expect(page).toContain("Photos: 12.3 MB");
    expect(page).toContain("Documents: 2 MB");
    expect(page).toContain("Creations: 0 MB");
    client.cookies.set("locale", "tr");
    const turkish = await (await client.get("/settings/account")).text();
    expect(turkish).toContain("Fotoğraflar: 12,3 MB");
    expect(turkish).toContain("Belgeler: 2 MB");
  });
});
