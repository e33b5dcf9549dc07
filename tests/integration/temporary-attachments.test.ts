// Temporary chats keep nothing (decision 0027): the photos and documents attached in one are marked temporary (at
// upload when the page says so, and when a temporary turn uses them), are not listed under Files, not exported and
// not counted as kept, and are removed, R2 file, rows, pages and index, when the page ends the chat or at the latest
// an hour after their last use (the account object's alarm, run here on the app clock). A file a saved chat uses is
// never removed.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { adoptGuestData } from "../../app/.server/auth/profile";
import { setClockOffset } from "../../app/.server/clock";
import { TEMPORARY_ATTACHMENT_MS, TEMPORARY_CLEANUP_TASK } from "../../app/.server/chat/temporary-attachments";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser, guestIdOf, signedInClient } from "./auth-helpers";
import { sendTurn, upstreamEnv } from "./chat-helpers";
import { documentsAccount, pageRows, readAll } from "./documents-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { appEnv } from "./helpers";
import { deliver, pngFile } from "./images-helpers";

const MINUTE = 60_000;
const { uploads, documents } = accountSchema;
type Account = Awaited<ReturnType<typeof documentsAccount>>;

afterEach(() => setClockOffset(0));

/** Uploads as the composer does; `temporary` is what the page sends while its temporary chat is on. */
async function uploadAs(client: Client, bytes: Uint8Array, name: string, type: string, temporary = false) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  if (temporary) form.set("temporary", "true");
  const response = await client.fetch("/api/uploads", { method: "POST", body: form });
  const json = (await response.json()) as { id?: string };
  if (response.status !== 201 || !json.id) throw new Error(`upload refused: ${response.status} ${JSON.stringify(json)}`);
  return json.id;
}

const photo = async (client: Client, temporary = false) => uploadAs(client, await pngFile(), "photo.png", "image/png", temporary);

/** A text document, uploaded and read (as the queue would), ready to be attached. */
async function note(account: Account, name: string, temporary = false) {
  const id = await uploadAs(account.client, new TextEncoder().encode(`${name}: the tide turns at noon.`), name, "text/plain", temporary);
  await readAll(account, id);
  return id;
}

function ask(client: Client, attachmentId: string, temporary: boolean) {
  return sendTurn(client, { message: "What is this?", attachmentId, ...(temporary ? { temporary: true } : {}) } as never);
}

/** The page ending its temporary chat (navigator.sendBeacon posts this form). */
function endChat(client: Client, ids: string[], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const id of ids) form.append("id", id);
  return client.fetch("/api/uploads/temporary", { method: "POST", body: form, headers });
}

/** What the account still holds of an upload or document: its row, its file, and a document's pages and index rows. */
async function held(accountId: string, id: string) {
  const rows = await inAccountDb(accountId, (db) => ({
    upload: db.select().from(uploads).where(eq(uploads.id, id)).get(),
    document: db.select().from(documents).where(eq(documents.id, id)).get(),
    index: db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM document_search WHERE document_id = ${id}`).n,
  }));
  const key = rows.upload?.r2Key ?? rows.document?.r2Key;
  return {
    row: Boolean(rows.upload ?? rows.document),
    file: key ? Boolean(await appEnv.MEDIA.head(key)) : false,
    pages: (await pageRows(accountId, id)).length,
    index: rows.index,
    key,
  };
}

const GONE = { row: false, file: false, pages: 0, index: 0, key: undefined };

async function filesListed(client: Client) {
  const loaded = await client.loaderData("/gallery?tab=files", "routes/_main.gallery");
  return (loaded.data as { files: { id: string }[] }).files.map((file) => file.id);
}

async function storageUsed(client: Client) {
  const loaded = await client.loaderData("/settings/account", "routes/_main.settings.account");
  return (loaded.data as { storage: { usedBytes: number } }).storage.usedBytes;
}

async function exportedDocuments(account: Account) {
  const { env: exportEnv, sent } = exportsEnv(account.env);
  const client = account.client.withEnv(exportEnv);
  expect((await startExport(client)).status).toBe(202);
  await deliver(exportEnv, [{ id: `export-${crypto.randomUUID()}`, body: sent[0] }], "data-exports");
  const ready = await latestExport(client);
  const files = unzipSync(new Uint8Array(await (await client.fetch(ready!.downloadUrl!)).arrayBuffer()));
  return (JSON.parse(strFromU8(files["documents/documents.json"]!)) as { name: string }[]).map((listed) => listed.name);
}

const stubOf = (accountId: string) => env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));
const temporaryDue = (accountId: string) =>
  runInDurableObject(stubOf(accountId), (_instance, state) => state.storage.get<number>(`alarm:${TEMPORARY_CLEANUP_TASK}`));

describe("attachments of a temporary chat", { timeout: 60_000 }, () => {
  it("are not listed under Files, not exported, not counted as kept, and are removed when the page ends the chat", async () => {
    const account = await documentsAccount("normal");
    const { client, user } = account;
    const kept = await note(account, "kept.txt");
    expect((await ask(client, kept, false)).done).toMatchObject({ status: "complete" });
    const keptBytes = await storageUsed(client);

    const temporaryPhoto = await photo(client, true);
    const temporaryNote = await note(account, "passing.txt", true);
    for (const id of [temporaryPhoto, temporaryNote]) expect((await ask(client, id, true)).done).toMatchObject({ status: "complete" });
    expect((await held(user.id, temporaryNote)).index).toBeGreaterThan(0);

    expect(await filesListed(client)).toEqual([kept]);
    expect(await storageUsed(client)).toBe(keptBytes);
    expect(await exportedDocuments(account)).toEqual(["kept.txt"]);

    // The page names every file its temporary chat used; one a saved chat uses is not the temporary chat's to remove.
    const ended = await endChat(client, [temporaryPhoto, temporaryNote, kept]);
    expect(ended.status).toBe(200);
    expect(await held(user.id, temporaryPhoto)).toEqual(GONE);
    expect(await held(user.id, temporaryNote)).toEqual(GONE);
    expect(await held(user.id, kept)).toMatchObject({ row: true, file: true, pages: 1 });
    expect(await filesListed(client)).toEqual([kept]);
  });

  it("a file uploaded before the switch is marked when a temporary turn uses it, and the alarm removes it an hour after its last use", async () => {
    const account = await documentsAccount("normal");
    const { client, user } = account;
    const picked = await photo(client);
    const document = await note(account, "brief.txt");
    const before = Date.now();
    for (const id of [picked, document]) expect((await ask(client, id, true)).done).toMatchObject({ status: "complete" });
    expect(await filesListed(client)).toEqual([]);
    expect(await temporaryDue(user.id)).toBeLessThanOrEqual(Date.now() + TEMPORARY_ATTACHMENT_MS);
    expect(await temporaryDue(user.id)).toBeGreaterThanOrEqual(before + TEMPORARY_ATTACHMENT_MS);

    // Half an hour on, the alarm keeps them; past the hour it removes them.
    setClockOffset(30 * MINUTE);
    await runDurableObjectAlarm(stubOf(user.id));
    expect(await held(user.id, picked)).toMatchObject({ row: true, file: true });
    setClockOffset(61 * MINUTE);
    expect(await runDurableObjectAlarm(stubOf(user.id))).toBe(true);
    expect(await held(user.id, picked)).toEqual(GONE);
    expect(await held(user.id, document)).toEqual(GONE);
  });

  it("a file a saved chat uses is kept and listed, whichever came first", async () => {
    const account = await documentsAccount("normal");
    const { client, user } = account;
    // Sent in a saved chat, then in a temporary one.
    const saved = await photo(client);
    expect((await ask(client, saved, false)).done).toMatchObject({ status: "complete" });
    expect((await ask(client, saved, true)).done).toMatchObject({ status: "complete" });
    // Uploaded while the temporary chat was on, then sent in a saved chat after it was switched off.
    const movedOver = await note(account, "moved.txt", true);
    expect(await filesListed(client)).toEqual([]);
    expect((await ask(client, movedOver, false)).done).toMatchObject({ status: "complete" });
    expect(await filesListed(client)).toEqual([movedOver]);

    expect((await endChat(client, [saved, movedOver])).status).toBe(200);
    setClockOffset(61 * MINUTE);
    await runDurableObjectAlarm(stubOf(user.id));
    expect(await held(user.id, saved)).toMatchObject({ row: true, file: true });
    expect(await held(user.id, movedOver)).toMatchObject({ row: true, file: true, pages: 1 });
    expect(await filesListed(client)).toEqual([movedOver]);
    expect(await exportedDocuments(account)).toEqual(["moved.txt"]);
  });

  it("a visitor's temporary photo handed over at sign-in still goes within the hour", async () => {
    const visitor = new Client(undefined, upstreamEnv("normal"));
    const id = await photo(visitor, true);
    expect((await ask(visitor, id, true)).done).toMatchObject({ status: "complete" });
    const user = await createUser();
    await adoptGuestData(appEnv, guestIdOf(visitor), user.id);
    expect(await held(user.id, id)).toMatchObject({ row: true, file: true });

    setClockOffset(61 * MINUTE);
    expect(await runDurableObjectAlarm(stubOf(user.id))).toBe(true);
    expect(await held(user.id, id)).toEqual(GONE);
  });

  it("only their owner ends them, from this site, and bad input is 400 with nothing removed", async () => {
    const account = await documentsAccount("normal");
    const { client, user } = account;
    const id = await photo(client, true);
    const stranger = await signedInClient();

    expect((await endChat(stranger.client, [id])).status).toBe(200);
    expect((await endChat(client, [id], { Origin: "https://evil.example" })).status).toBe(403);
    const nobody = await endChat(new Client(), [id]);
    expect(nobody.status).toBe(401);
    const tooMany = await endChat(
      client,
      Array.from({ length: 51 }, () => crypto.randomUUID()),
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBeTruthy();
    expect((await endChat(client, ["x".repeat(65)])).status).toBe(400);
    expect(await held(user.id, id)).toMatchObject({ row: true, file: true });
  });
});
