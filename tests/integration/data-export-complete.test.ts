// "Download my data" holds everything the account keeps (decision 0018): besides chats, creations, voice notes and
// documents, the photos the person uploaded (in chat, as a tool's source, as the profile photo), the photo
// translations, the share links, the WhatsApp link, the passkeys and sessions (names, devices and dates, never keys or
// tokens) and the memory notes under answers. Each file is opened from the downloaded ZIP and read.
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { accountSchema, inAccountDb } from "./account-helpers";
import { type Client, sessionsOf, updateSessionsOf } from "./auth-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { appEnv } from "./helpers";
import { db, deliver, pngFile, signedIn } from "./images-helpers";
import { schema } from "../../app/.server/db";

const MARCH_3 = Date.UTC(2026, 2, 3, 8);
const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** An uploaded photo as images/uploads.ts keeps one: its file in R2, its row in the account's object. */
async function makeUpload(ownerId: string, prefix: "uploads" | "avatars", createdAt: number) {
  const id = crypto.randomUUID();
  const bytes = await pngFile(12, 8);
  const r2Key = `${prefix}/${ownerId}/${id}.png`;
  await appEnv.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: "image/png" } });
  await inAccountDb(ownerId, (account) =>
    account
      .insert(accountSchema.uploads)
      .values({ id, ownerId, r2Key, contentType: "image/png", bytes: bytes.byteLength, width: 12, height: 8, createdAt })
      .run(),
  );
  return { id, r2Key, bytes };
}

/** A chat whose question carries a photo and whose answer memory had a part in. */
async function makeChat(ownerId: string, photoId: string) {
  const threadId = crypto.randomUUID();
  const answerId = crypto.randomUUID();
  await inAccountDb(ownerId, (account) => {
    account.insert(accountSchema.chatThreads).values({ id: threadId, ownerId, title: "What is this plant", createdAt: MARCH_3 }).run();
    account
      .insert(accountSchema.chatMessages)
      .values([
        { id: crypto.randomUUID(), threadId, role: "user", content: "What plant is this?", attachmentId: photoId, createdAt: MARCH_3 },
        { id: answerId, threadId, role: "assistant", content: "A monstera, as on your balcony.", model: "gpt-4o-mini", createdAt: MARCH_3 + 60_000 },
      ])
      .run();
    account
      .insert(accountSchema.memoryNotes)
      .values({
        messageId: answerId,
        threadId,
        used: JSON.stringify([{ id: "m-1", text: "Has a balcony garden" }]),
        updated: JSON.stringify([{ id: "m-2", text: "Grows a monstera" }]),
        createdAt: MARCH_3 + 60_000,
      })
      .run();
  });
  return { threadId, answerId };
}

/** A finished photo translation, its result kept on the job as images/consumer.ts keeps it. */
async function makeTranslation(ownerId: string, sourceUploadId: string) {
  const result = { sourceLanguage: "German", blocks: [{ text: "Ausgang", translation: "Exit" }] };
  await inAccountDb(ownerId, (account) =>
    account
      .insert(accountSchema.imageJobs)
      .values({
        id: crypto.randomUUID(),
        ownerId,
        tool: "photo-translate",
        status: "done",
        model: "gpt-4o-mini",
        params: JSON.stringify({ tool: "photo-translate", model: "gpt-4o-mini", uploadId: sourceUploadId, targetLanguage: "en" }),
        sourceUploadId,
        creditKey: `image:${crypto.randomUUID()}`,
        resultText: JSON.stringify(result),
        createdAt: MARCH_3 + 120_000,
        updatedAt: MARCH_3 + 130_000,
      })
      .run(),
  );
  return result;
}

async function downloadedFiles(client: Client, env: AppEnv, sent: { length: number; at(index: number): unknown }) {
  expect((await startExport(client)).status).toBe(202);
  const result = await deliver(env, [{ id: `export-${sent.length}`, body: sent.at(-1) }], "data-exports");
  expect(result.explicitAcks).toHaveLength(1);
  const ready = (await latestExport(client))!;
  expect(ready.status).toBe("ready");
  return unzipSync(new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer()));
}

const jsonOf = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

describe("download my data holds everything the account keeps", { timeout: 60_000 }, () => {
  it("adds uploads, translations, share links, the WhatsApp link, passkeys, sessions and memory notes, without secrets", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env, { displayName: "Ada Complete" });
    const chatPhoto = await makeUpload(user.id, "uploads", MARCH_3);
    const source = await makeUpload(user.id, "uploads", MARCH_3 + 100_000);
    const avatar = await makeUpload(user.id, "avatars", MARCH_3 + 200_000);
    await db.update(schema.users).set({ profilePhotoKey: avatar.r2Key }).where(eq(schema.users.id, user.id));
    const { threadId } = await makeChat(user.id, chatPhoto.id);
    const translation = await makeTranslation(user.id, source.id);

    const shareId = `share${crypto.randomUUID().replaceAll("-", "")}`;
    await db
      .insert(schema.sharedLinks)
      .values({ id: shareId, ownerId: user.id, threadId, title: "What is this plant", createdAt: MARCH_3, updatedAt: MARCH_3 + 5000 });
    const phone = `90532${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await db.insert(schema.whatsappLinks).values({ id: crypto.randomUUID(), userId: user.id, phone, verifiedAt: MARCH_3, createdAt: MARCH_3 - 1000 });
    const credentialId = `cred-${crypto.randomUUID()}`;
    const publicKey = `pk-${crypto.randomUUID()}`;
    await db.insert(schema.passkeys).values({
      id: crypto.randomUUID(),
      userId: user.id,
      credentialId,
      publicKey,
      name: "Mac · Chrome",
      lastUsedAt: MARCH_3 + 3000,
      createdAt: MARCH_3 + 2000,
    });
    await updateSessionsOf(user.id, { userAgent: MAC_CHROME });
    const [session] = await sessionsOf(user.id);

    const files = await downloadedFiles(client, env, sent);
    const names = Object.keys(files);
    const chat = names.find((name) => name.startsWith("chats/") && name.endsWith(".md"))!;

    // Every uploaded photo, with what it was for and the file beside it.
    const uploads = jsonOf(files, "uploads/uploads.json") as { file: string; kind: string }[];
    expect(uploads).toEqual([
      {
        file: expect.stringMatching(/^2026-03-03-chat-photo-[0-9a-f]{8}\.png$/),
        kind: "chat-photo",
        tool: null,
        chat,
        type: "image/png",
        width: 12,
        height: 8,
        bytes: chatPhoto.bytes.byteLength,
        createdAt: "2026-03-03T08:00:00.000Z",
      },
      {
        file: expect.stringMatching(/^2026-03-03-tool-source-[0-9a-f]{8}\.png$/),
        kind: "tool-source",
        tool: "photo-translate",
        chat: null,
        type: "image/png",
        width: 12,
        height: 8,
        bytes: source.bytes.byteLength,
        createdAt: "2026-03-03T08:01:40.000Z",
      },
      {
        file: expect.stringMatching(/^2026-03-03-profile-photo-[0-9a-f]{8}\.png$/),
        kind: "profile-photo",
        tool: null,
        chat: null,
        type: "image/png",
        width: 12,
        height: 8,
        bytes: avatar.bytes.byteLength,
        createdAt: "2026-03-03T08:03:20.000Z",
      },
    ]);
    expect(files[`uploads/${uploads[0]!.file}`]).toEqual(chatPhoto.bytes);
    expect(files[`uploads/${uploads[1]!.file}`]).toEqual(source.bytes);
    expect(files[`uploads/${uploads[2]!.file}`]).toEqual(avatar.bytes);

    // The photo translation's result, with the photo it was made from.
    expect(jsonOf(files, "translations/translations.json")).toEqual([
      {
        sourcePhoto: `uploads/${uploads[1]!.file}`,
        targetLanguage: "en",
        sourceLanguage: translation.sourceLanguage,
        blocks: translation.blocks,
        model: "gpt-4o-mini",
        createdAt: "2026-03-03T08:02:00.000Z",
      },
    ]);

    // Which chats are shared, by which link, since when.
    expect(jsonOf(files, "share-links.json")).toEqual([
      {
        chat,
        title: "What is this plant",
        link: `https://app.example/share/${shareId}`,
        showsYourName: false,
        createdAt: "2026-03-03T08:00:00.000Z",
        updatedAt: "2026-03-03T08:00:05.000Z",
      },
    ]);

    // The WhatsApp number is the person's own: whole, with its dates.
    expect(jsonOf(files, "whatsapp.json")).toEqual({
      phone: `+${phone}`,
      linkedAt: "2026-03-03T07:59:59.000Z",
      verifiedAt: "2026-03-03T08:00:00.000Z",
      lastMessageAt: null,
      voiceReplies: false,
    });

    // Passkeys by name and dates; sessions by device and dates. No key, credential, counter or token.
    expect(jsonOf(files, "sign-in/passkeys.json")).toEqual([
      { name: "Mac · Chrome", createdAt: "2026-03-03T08:00:02.000Z", lastUsedAt: "2026-03-03T08:00:03.000Z" },
    ]);
    expect(jsonOf(files, "sign-in/sessions.json")).toEqual([
      {
        device: "Mac · Chrome",
        userAgent: MAC_CHROME,
        signedInAt: new Date(session!.createdAt).toISOString(),
        lastSeenAt: new Date(session!.lastSeenAt).toISOString(),
        expiresAt: new Date(session!.expiresAt).toISOString(),
      },
    ]);
    const everything = names
      .filter((name) => name.endsWith(".json"))
      .map((name) => strFromU8(files[name]!))
      .join("\n");
    for (const secret of [credentialId, publicKey, session!.id]) expect(everything).not.toContain(secret);

    // What memory did under each answer, by its chat.
    expect(jsonOf(files, "memory-notes.json")).toEqual([
      { chat, answeredAt: "2026-03-03T08:01:00.000Z", memoriesUsed: ["Has a balcony garden"], memoriesSaved: ["Grows a monstera"], offeredToSave: false },
    ]);
  });

  it("writes empty lists and null when the account has none of these", async () => {
    const { env, sent } = exportsEnv();
    const { client } = await signedIn(env);
    const files = await downloadedFiles(client, env, sent);
    expect(jsonOf(files, "uploads/uploads.json")).toEqual([]);
    expect(jsonOf(files, "translations/translations.json")).toEqual([]);
    expect(jsonOf(files, "share-links.json")).toEqual([]);
    expect(jsonOf(files, "whatsapp.json")).toBeNull();
    expect(jsonOf(files, "sign-in/passkeys.json")).toEqual([]);
    expect(jsonOf(files, "sign-in/sessions.json")).toHaveLength(1);
    expect(jsonOf(files, "memory-notes.json")).toEqual([]);
  });
});
