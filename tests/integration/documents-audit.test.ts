// Documents in chat as an attacker sees them (decision 0031, SECURITY.md "Documents in chat"): names a visitor chooses,
// the page route's number, a document kept to the threads that use it, and a guest's documents after sign-in.
import { describe, expect, it } from "vitest";
import type { DocumentReadMessage } from "../../app/.server/documents/messages";
import type { AppEnv } from "../../app/.server/env";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { Client, createUser, guestIdOf } from "./auth-helpers";
import { ask, documentRows, documentsAccount, PDF, readAll, storedFiles, uploadAndRead, uploadFile } from "./documents-helpers";
import { appEnv } from "./helpers";
import { creditsUsed } from "./images-helpers";
import { accountSchema, inAccountDb } from "./account-helpers";
import { UPLOAD_LIMITS } from "../../app/.server/write-limits";

const SECRET = "The vault combination is 4-8-15-16-23-42.";
const text = (value: string) => new TextEncoder().encode(value);

describe("documents: names a visitor chose", { timeout: 60_000 }, () => {
  it.each([
    ["an emoji cut by the 120-character limit", `${"a".repeat(119)}😀b.txt`, `${"a".repeat(119)}😀`],
    ["a right-to-left override and control characters", "in\u202Evoice\u0007\u200Ffdp.txt", "invoicefdp.txt"],
    ["a path", "../../etc/passwd.txt", "passwd.txt"],
    ["10,000 characters", `${"x".repeat(10_000)}.txt`, "x".repeat(120)],
  ])("%s: kept shortened and cleaned, and the original is served under it", async (_, name, shown) => {
    const account = await documentsAccount();
    const uploaded = await uploadFile(account.client, text("Plain words."), name, "text/plain");
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    expect(uploaded.json.document!.name).toBe(shown);
    const media = await account.client.fetch(`/media/documents/${uploaded.json.id}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Disposition")).toBe(`inline; filename*=UTF-8''${encodeURIComponent(shown)}`);
    expect(await media.text()).toBe("Plain words.");
  });

  it("a NUL in the name is refused as bad input, and nothing is kept", async () => {
    const account = await documentsAccount();
    const uploaded = await uploadFile(account.client, text("Plain words."), "a\u0000b.txt", "text/plain");
    expect(uploaded).toMatchObject({ status: 400, json: { ok: false, error: { code: "request/invalid", message: expect.any(String) } } });
    expect(await storedFiles(account.user.id)).toEqual([]);
    expect(await documentRows(account.user.id)).toEqual([]);
  });
});

describe("documents: the page route's number", { timeout: 60_000 }, () => {
  it("0, -1, past the last page, letters, decimals and huge numbers are a translated 404, never a 5xx", async () => {
    const account = await documentsAccount();
    const { id } = await uploadAndRead(account, makePdf(numberedPages(3)), "three.pdf", PDF);
    expect((await account.client.fetch(`/api/documents/${id}/pages/2`)).status).toBe(200);
    for (const page of ["0", "-1", "4", "99999", "abc", "1.5", "1e3", "9".repeat(400), "%00", "%F0%9F%98%80"]) {
      const answer = await account.client.fetch(`/api/documents/${id}/pages/${page}`);
      expect(answer.status, page).toBe(404);
      expect(await answer.json(), page).toMatchObject({ ok: false, error: { code: "request/not-found", message: expect.any(String) } });
    }
  });
});

describe("documents: kept to the threads that use them", { timeout: 60_000 }, () => {
  it("a document attached in one chat is not sent with another chat of the same account", async () => {
    const account = await documentsAccount();
    const { id } = await uploadAndRead(account, makePdf(numberedPages(3, { 2: SECRET })), "vault.pdf", PDF);
    const first = await ask(account.client, "What is the vault combination?", { attachmentId: id });
    expect(first.streamed).toContain("4-8-15-16-23-42");
    const other = await ask(account.client, "What is the vault combination?");
    expect(other.status).toBe(200);
    expect(other.streamed).not.toContain("4-8-15-16-23-42");
    const followUp = await ask(account.client, "And the vault combination again?", { threadId: other.threadId! });
    expect(followUp.streamed).not.toContain("4-8-15-16-23-42");
  });
});

describe("documents: another's as an attachment", { timeout: 60_000 }, () => {
  it("a stranger's or a guest's document id is 404 upload/missing, charges nothing and makes no thread", async () => {
    const owner = await documentsAccount();
    const { id } = await uploadAndRead(owner, makePdf(numberedPages(2, { 2: SECRET })), "vault.pdf", PDF);
    const guest = new Client();
    const guestUpload = await uploadFile(guest, text("A guest's notes."), "notes.txt", "text/plain");
    expect(guestUpload.status).toBe(201);
    const stranger = await documentsAccount();
    const before = await creditsUsed(stranger.client);
    for (const attachmentId of [id, guestUpload.json.id!]) {
      const turn = await ask(stranger.client, "What is the vault combination?", { attachmentId });
      expect(turn).toMatchObject({ status: 404, error: { code: "upload/missing" } });
    }
    expect(await creditsUsed(stranger.client)).toBe(before);
    expect(await inAccountDb(stranger.user.id, (db) => db.select().from(accountSchema.chatThreads).all())).toEqual([]);
    expect(await documentRows(stranger.user.id)).toEqual([]);
  });
});

describe("documents: a guest's, after sign-in", { timeout: 60_000 }, () => {
  it("move to the account, readable by it alone", async () => {
    const sent: DocumentReadMessage[] = [];
    const env = { ...appEnv, DOCUMENT_READS: { send: async (body: DocumentReadMessage) => void sent.push(body) } } as AppEnv;
    const guest = new Client(undefined, env);
    const uploaded = await uploadFile(guest, makePdf(numberedPages(2, { 2: SECRET })), "guest.pdf", PDF);
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.id!;
    expect((await readAll({ client: guest, env, sent }, id)).json.document).toMatchObject({ state: "ready" });
    const guestId = guestIdOf(guest);
    const user = await createUser();
    expect((await guest.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" })).redirect).toBeTruthy();
    expect((await documentRows(user.id)).map((row) => row.id)).toEqual([id]);
    expect(await documentRows(guestId)).toEqual([]);
    expect((await guest.fetch(`/api/documents/${id}/pages/2`)).status).toBe(200);
    expect(await (await guest.fetch(`/media/documents/${id}`)).text()).toContain("%PDF-");
    // The R2 file keeps its guest key, still named only by the account's row.
    expect(await storedFiles(guestId)).toEqual([`documents/${guestId}/${id}.pdf`]);
    const stranger = new Client(undefined, env);
    for (const path of [`/api/documents/${id}`, `/api/documents/${id}/pages/2`, `/media/documents/${id}`]) {
      expect((await stranger.fetch(path)).status, path).toBe(404);
    }
  });
});

describe("documents: the storage quota", { timeout: 60_000 }, () => {
  it("parallel uploads cannot slip past it together: only what fits is kept, the rest is 413 with nothing stored", async () => {
    const account = await documentsAccount();
    const MB = 1024 * 1024;
    // The account keeps all but 15 MB of its quota: one 10 MB file fits, a second does not.
    await inAccountDb(account.user.id, (db) =>
      db
        .insert(accountSchema.documents)
        .values({
          id: crypto.randomUUID(),
          ownerId: account.user.id,
          name: "kept.txt",
          contentType: "text/plain",
          r2Key: "documents/none.txt",
          bytes: UPLOAD_LIMITS.storageQuotaBytes.free - 15 * MB,
          threadId: "a-thread",
        })
        .run(),
    );
    const file = new Uint8Array(10 * MB).fill(0x61);
    const answers = await Promise.all([1, 2, 3].map((n) => uploadFile(account.client, file, `big-${n}.txt`, "text/plain")));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413, 413]);
    for (const refused of answers.filter((answer) => answer.status === 413)) expect(refused.json.error?.code).toBe("upload/quota-exceeded");
    expect(await storedFiles(account.user.id)).toHaveLength(1);
    expect(await documentRows(account.user.id)).toHaveLength(2);
  });
});
