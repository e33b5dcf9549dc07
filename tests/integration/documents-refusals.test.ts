// Documents in chat, the bad input (decision 0031, SECURITY.md "Documents in chat"): files over the
// limits, of another type, empty, password-protected, damaged or with more than 300 pages are refused at upload with
// a translated message and nothing kept; a scanned PDF fails while read; another account's document is a 404 on every
// route and its passages never reach another account's prompt; deleting a document or its thread removes it all.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AccountDb } from "../../app/.server/account/schema";
import { cleanUpAbandonedDocuments } from "../../app/.server/documents/cleanup";
import { ABANDONED_UPLOAD_AGE_MS } from "../../app/.server/images/cleanup";
import { makePasswordPdf, makePdf, makeScannedPdf, numberedPages } from "../fixtures/make-documents.mjs";
import {
  ask,
  documentRows,
  documentsAccount,
  getDocument,
  PDF,
  pageRows,
  readAll,
  searchRows,
  storedFiles,
  uploadAndRead,
  uploadFile,
} from "./documents-helpers";
import { appEnv } from "./helpers";

const SECRET = "The vault combination is 4-8-15-16-23-42.";
// The same bytes as the committed tests/fixtures/password.pdf (workerd cannot read the file; the maker is deterministic).
const PASSWORD_PDF = makePasswordPdf();

describe("documents: refused at upload, nothing kept", { timeout: 60_000 }, () => {
  it.each([
    ["too large", () => new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41), "big.txt", "text/plain", 413, "upload/too-large", "documents up to 20 MB"],
    [
      "another type",
      () => Uint8Array.of(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0),
      "setup.txt",
      "text/plain",
      415,
      "upload/invalid-type",
      "PDF, DOCX, TXT and Markdown",
    ],
    ["empty", () => new Uint8Array(0), "empty.pdf", PDF, 400, "upload/empty", "The file is empty"],
    ["password-protected", () => PASSWORD_PDF, "locked.pdf", PDF, 422, "document/password", "password-protected"],
    [
      "damaged",
      () => new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage"),
      "broken.pdf",
      PDF,
      400,
      "document/corrupt",
      "could not be opened",
    ],
    [
      "over 300 pages",
      () => makePdf(Array.from({ length: 301 }, (_, index) => `Page ${index + 1}`)),
      "bomb.pdf",
      PDF,
      413,
      "document/too-many-pages",
      "at most 300 pages",
    ],
  ])("%s: refused with its translated reason, no file, no row", async (_, bytes, name, type, status, code, message) => {
    const account = await documentsAccount();
    const answer = await uploadFile(account.client, bytes(), name, type);
    expect(answer).toMatchObject({ status, json: { ok: false, error: { code, message: expect.stringContaining(message) } } });
    expect(await storedFiles(account.user.id)).toEqual([]);
    expect(await documentRows(account.user.id)).toEqual([]);
    expect(account.sent).toEqual([]);
  });

  it("an image tool's photo field (accept=image) refuses a real PDF as the wrong type", async () => {
    const account = await documentsAccount();
    const form = new FormData();
    form.set("file", new File([makePdf(["A real page."])], "scan.png", { type: "image/png" }));
    const response = await account.client.fetch("/api/uploads?accept=image", { method: "POST", body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "upload/invalid-type" } });
    expect(await storedFiles(account.user.id)).toEqual([]);
  });

  it("a page loaded before ?accept=image, sending accept=image as a form field, still takes images only", async () => {
    const account = await documentsAccount();
    const form = new FormData();
    form.set("file", new File([makePdf(["A real page."])], "scan.png", { type: "image/png" }));
    form.set("accept", "image");
    const response = await account.client.fetch("/api/uploads", { method: "POST", body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "upload/invalid-type" } });
    expect(await storedFiles(account.user.id)).toEqual([]);
    expect(await documentRows(account.user.id)).toEqual([]);
  });

  it("the refusal is in the person's language (tr)", async () => {
    const account = await documentsAccount();
    account.client.cookies.set("locale", "tr");
    const answer = await uploadFile(account.client, PASSWORD_PDF, "kilitli.pdf", PDF);
    expect(answer).toMatchObject({ status: 422, json: { error: { code: "document/password", message: expect.stringContaining("parola korumalı") } } });
  });

  it("a scanned PDF (no text layer) fails while read with document/no-text, and cannot be asked about", async () => {
    const account = await documentsAccount();
    const { id, document } = await uploadAndRead(account, makeScannedPdf(3), "scan.pdf", PDF);
    expect(document).toMatchObject({ state: "failed", failure: "document/no-text", pages: 3 });
    expect(await pageRows(account.user.id, id)).toEqual([]);
    const turn = await ask(account.client, "What does it say?", { attachmentId: id });
    expect(turn).toMatchObject({ status: 422, error: { code: "document/unreadable" } });
    // A redelivered message leaves the failed document as it is.
    account.sent.push({ documentId: id, accountId: account.user.id });
    expect((await readAll(account, id)).json.document).toMatchObject({ state: "failed", failure: "document/no-text" });
  });
});

describe("documents: one account's, nobody else's", { timeout: 60_000 }, () => {
  it("another account gets 404 on every route and as an attachment, and its question never sees the passage", async () => {
    const owner = await documentsAccount();
    const { id } = await uploadAndRead(owner, makePdf(numberedPages(20, { 9: SECRET })), "vault.pdf", PDF);
    const stranger = await documentsAccount("system");
    for (const path of [`/api/documents/${id}`, `/api/documents/${id}/pages/9`, `/media/documents/${id}`]) {
      expect((await stranger.client.fetch(path)).status, path).toBe(404);
    }
    expect((await stranger.client.fetch(`/api/documents/${id}`, { method: "DELETE" })).status).toBe(404);
    const attached = await ask(stranger.client, "What is the vault combination?", { attachmentId: id });
    expect(attached).toMatchObject({ status: 404, error: { code: "upload/missing" } });
    // The stranger's own chat about the same words: the model is sent nothing of the owner's document.
    const own = await ask(stranger.client, "What is the vault combination?");
    expect(own.status).toBe(200);
    expect(own.streamed).not.toContain("4-8-15-16-23-42");
    expect(own.streamed).not.toContain("vault.pdf");
    // Still there for its owner, with its original bytes.
    const media = await owner.client.fetch(`/media/documents/${id}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Type")).toBe(PDF);
    expect(media.headers.get("Content-Disposition")).toBe("inline; filename*=UTF-8''vault.pdf");
    expect(media.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(media.headers.get("Cache-Control")).toContain("private");
    expect(new TextDecoder().decode((await media.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });
});

describe("documents: deleted with everything they left", { timeout: 60_000 }, () => {
  it("DELETE removes the file, the row, the pages and the search index", async () => {
    const account = await documentsAccount();
    const { id } = await uploadAndRead(account, makePdf(numberedPages(5, { 2: SECRET })), "vault.pdf", PDF);
    expect(await searchRows(account.user.id, id)).toHaveLength(5);
    const deleted = await account.client.fetch(`/api/documents/${id}`, { method: "DELETE" });
    expect(await deleted.json()).toEqual({ ok: true });
    expect((await getDocument(account.client, id)).status).toBe(404);
    expect(await storedFiles(account.user.id)).toEqual([]);
    expect(await documentRows(account.user.id)).toEqual([]);
    expect(await pageRows(account.user.id, id)).toEqual([]);
    expect(await searchRows(account.user.id, id)).toEqual([]);
  });

  it("a document never sent is deleted a day after upload by the account's clean-up; one a thread holds stays", async () => {
    const account = await documentsAccount();
    const kept = await uploadAndRead(account, makePdf(numberedPages(2)), "kept.pdf", PDF);
    expect((await ask(account.client, "What is on page 2?", { attachmentId: kept.id })).status).toBe(200);
    const abandoned = await uploadAndRead(account, makePdf(numberedPages(2)), "abandoned.pdf", PDF);
    const stub = env.ACCOUNT.get(env.ACCOUNT.idFromName(account.user.id));
    const cleanUp = (now: number) =>
      runInDurableObject(stub, (instance) => cleanUpAbandonedDocuments({ db: (instance as unknown as { db: AccountDb }).db, env: appEnv }, now));
    await cleanUp(Date.now() + ABANDONED_UPLOAD_AGE_MS - 60_000);
    expect((await documentRows(account.user.id)).map((row) => row.name).sort()).toEqual(["abandoned.pdf", "kept.pdf"]);
    await cleanUp(Date.now() + ABANDONED_UPLOAD_AGE_MS + 60_000);
    expect((await documentRows(account.user.id)).map((row) => row.id)).toEqual([kept.id]);
    expect(await storedFiles(account.user.id)).toEqual([`documents/${account.user.id}/${kept.id}.pdf`]);
    expect(await searchRows(account.user.id, abandoned.id)).toEqual([]);
  });

  it("deleting the thread deletes the documents it holds", async () => {
    const account = await documentsAccount();
    const { id } = await uploadAndRead(account, makePdf(numberedPages(3, { 2: SECRET })), "vault.pdf", PDF);
    const turn = await ask(account.client, "What is the vault combination?", { attachmentId: id });
    expect(turn.status).toBe(200);
    const form = new FormData();
    form.set("intent", "delete");
    expect((await account.client.fetch(`/api/threads/${turn.threadId}`, { method: "POST", body: form })).status).toBe(200);
    expect(await storedFiles(account.user.id)).toEqual([]);
    expect(await documentRows(account.user.id)).toEqual([]);
    expect(await searchRows(account.user.id, id)).toEqual([]);
  });
});
