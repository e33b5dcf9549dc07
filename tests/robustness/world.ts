// The world the bad-input suite attacks: user A (signed in through the real worker, the attacker) and user B (the
// victim, with a thread, messages, an upload, a job, a creation, a document and a profile photo). A snapshot is every D1 table's
// row count, the R2 object count, B's rows as text, and A's and B's own objects (their chat rows, search index
// included, and image rows), so "nothing was written" is checked without knowing which table a route would touch.
import { eq, sql } from "drizzle-orm";
import { schema } from "../../app/.server/db";
import { callWorker, createUser, db, ORIGIN, signedInClient } from "../integration/auth-helpers";
import { accountSchema, inAccountDb } from "../integration/account-helpers";
import { storeThread } from "../integration/chat-helpers";
import { appEnv } from "../integration/helpers";
import { legacyDataExports } from "../../db/legacy-schema";

export interface World {
  /** A's session cookie (`name=value`). */
  sessionCookie: string;
  /** A's user id: what A's requests could store in A's own object (decision 0026) is in the snapshot too. */
  attackerId: string;
  victim: {
    userId: string;
    threadId: string;
    messageId: string;
    uploadId: string;
    jobId: string;
    imageId: string;
    shareId: string;
    exportId: string;
    /** B's passkey (decision 0028): its row id and its WebAuthn credential id. */
    passkeyId: string;
    credentialId: string;
    /** B's read document (decision 0031), with one page of text. */
    documentId: string;
    /** B's project (decision 0038), holding that thread and that document. */
    projectId: string;
    secret: string;
  };
}

async function putObject(key: string) {
  await appEnv.MEDIA.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { httpMetadata: { contentType: "image/png" } });
}

export async function createWorld(): Promise<World> {
  const { client, user: a } = await signedInClient();
  const session = client.cookies.get("__Host-session") ?? client.cookies.get("session");
  if (!session) throw new Error(`no session cookie after sign-in: ${[...client.cookies.keys()].join(", ")}`);
  const sessionName = client.cookies.has("__Host-session") ? "__Host-session" : "session";

  const b = await createUser({ displayName: "Victim B" });
  const secret = `b-secret-${crypto.randomUUID()}`;
  const ids = {
    threadId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    uploadId: crypto.randomUUID(),
    jobId: crypto.randomUUID(),
    imageId: crypto.randomUUID(),
    // A share link's id is 22 base64url characters (decision 0015).
    shareId: `s${crypto.randomUUID().replace(/-/g, "").slice(0, 21)}`,
    // A data export's id has the same shape (decision 0018).
    exportId: `e${crypto.randomUUID().replace(/-/g, "").slice(0, 21)}`,
    passkeyId: crypto.randomUUID(),
    credentialId: `c${crypto.randomUUID().replace(/-/g, "")}`,
    documentId: crypto.randomUUID(),
    projectId: crypto.randomUUID(),
  };
  await storeThread(b.id, { id: ids.threadId, title: `${secret} thread` }, [
    { id: crypto.randomUUID(), role: "user", content: `${secret} question` },
    { id: ids.messageId, role: "assistant", content: `${secret} answer`, model: "gpt-4o-mini" },
  ]);
  await putObject(`uploads/${b.id}/${ids.uploadId}`);
  await putObject(`gallery/${b.id}/${ids.imageId}.png`);
  await putObject(`documents/${b.id}/${ids.documentId}.pdf`);
  // B's upload, job and creation live in B's own object (decision 0026).
  await inAccountDb(b.id, (account) => {
    account
      .insert(accountSchema.uploads)
      .values({ id: ids.uploadId, ownerId: b.id, r2Key: `uploads/${b.id}/${ids.uploadId}`, contentType: "image/png", bytes: 8, width: 1, height: 1 })
      .run();
    account
      .insert(accountSchema.imageJobs)
      .values({
        id: ids.jobId,
        ownerId: b.id,
        tool: "image-generation",
        status: "failed",
        prompt: `${secret} prompt`,
        model: "gpt-image-1",
        creditKey: crypto.randomUUID(),
        errorCode: "image/provider-failed",
      })
      .run();
    account
      .insert(accountSchema.galleryImages)
      .values({
        id: ids.imageId,
        ownerId: b.id,
        jobId: crypto.randomUUID(),
        tool: "image-generation",
        prompt: `${secret} creation`,
        model: "gpt-image-1",
        r2Key: `gallery/${b.id}/${ids.imageId}.png`,
        contentType: "image/png",
        width: 1,
        height: 1,
        bytes: 8,
      })
      .run();
    account
      .insert(accountSchema.documents)
      .values({
        id: ids.documentId,
        ownerId: b.id,
        name: `${secret}.pdf`,
        contentType: "application/pdf",
        r2Key: `documents/${b.id}/${ids.documentId}.pdf`,
        bytes: 8,
        pages: 1,
        state: "ready",
        progress: 100,
      })
      .run();
    account
      .insert(accountSchema.documentPages)
      .values({ documentId: ids.documentId, number: 1, text: `${secret} page` })
      .run();
    account
      .insert(accountSchema.projects)
      .values({ id: ids.projectId, ownerId: b.id, name: `${secret} project`, instructions: `${secret} instructions` })
      .run();
    account.insert(accountSchema.projectChats).values({ threadId: ids.threadId, projectId: ids.projectId, addedAt: Date.now() }).run();
    account.insert(accountSchema.projectFiles).values({ documentId: ids.documentId, projectId: ids.projectId, addedAt: Date.now() }).run();
  });
  // B's live share link of that thread, without images: revoking it as A, or reading B's upload through it, finds nothing.
  await db.insert(schema.sharedLinks).values({ id: ids.shareId, ownerId: b.id, threadId: ids.threadId, title: `${secret} thread` });
  await db.insert(schema.sharedMessages).values({ shareId: ids.shareId, position: 1, role: "user", content: `${secret} question`, createdAt: Date.now() });
  // B's ready data export: downloading it as A must find nothing.
  await putObject(`exports/${b.id}/${ids.exportId}.zip`);
  await db.insert(legacyDataExports).values({
    id: ids.exportId,
    ownerId: b.id,
    status: "ready",
    progress: 100,
    r2Key: `exports/${b.id}/${ids.exportId}.zip`,
    bytes: 8,
    expiresAt: Date.now() + 7 * 24 * 3600 * 1000,
  });
  // B's passkey: renaming or removing it as A, or answering a sign-in with its credential id, finds nothing of B's.
  await db.insert(schema.passkeys).values({
    id: ids.passkeyId,
    userId: b.id,
    credentialId: ids.credentialId,
    publicKey: "AQID",
    name: `${secret} passkey`,
  });
  await putObject(`avatars/${b.id}/photo.png`);
  await db
    .update(schema.users)
    .set({ profilePhotoKey: `avatars/${b.id}/photo.png` })
    .where(eq(schema.users.id, b.id));
  return { sessionCookie: `${sessionName}=${session}`, attackerId: a.id, victim: { userId: b.id, secret, ...ids } };
}

/** A path parameter filled with B's id of that kind (by name), so even a valid request is a stranger's. */
export function victimParam(world: World, param: string): string {
  const { victim } = world;
  const known: Record<string, string> = {
    threadId: victim.threadId,
    messageId: victim.messageId,
    uploadId: victim.uploadId,
    jobId: victim.jobId,
    imageId: victim.imageId,
    shareId: victim.shareId,
    exportId: victim.exportId,
    passkeyId: victim.passkeyId,
    userId: victim.userId,
    documentId: victim.documentId,
    projectId: victim.projectId,
    page: "1",
  };
  return known[param] ?? "x";
}

/**
 * An account's own object (decision 0026): its image rows counted as the D1 tables are, its jobs as text, and every
 * chat row (threads, messages, voice notes and the search index) as text.
 */
function accountRows(accountId: string) {
  const { uploads, imageJobs, galleryImages } = accountSchema;
  return inAccountDb(accountId, (account) => ({
    uploads: account.select().from(uploads).all().length,
    galleryImages: account.select().from(galleryImages).all().length,
    imageJobs: JSON.stringify(account.select().from(imageJobs).all()),
    chats: JSON.stringify(
      [
        "chat_threads",
        "chat_messages",
        "voice_notes",
        "chat_search",
        "documents",
        "document_pages",
        "document_search",
        "projects",
        "project_chats",
        "project_files",
      ].map((table) => account.all(sql.raw(`SELECT * FROM "${table}" ORDER BY rowid`))),
    ),
  }));
}

let tableNames: string[] | undefined;

async function tables(): Promise<string[]> {
  tableNames ??= (
    await appEnv.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>()
  ).results.map((row) => row.name);
  return tableNames;
}

async function objectCount(): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await appEnv.MEDIA.list({ cursor, limit: 1000 });
    count += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return count;
}

/** Row counts of every table, the R2 object count, B's own rows and A's and B's objects: equal snapshots mean nothing was written. */
export async function snapshot(world: World): Promise<Record<string, unknown>> {
  const names = await tables();
  const { victim } = world;
  // The four stores are read at once (nothing is sent meanwhile, so they agree); D1 in one round trip: a statement of
  // scalar subqueries for the counts (D1 caps compound SELECTs) and B's rows.
  const [[counts, ...rows], attacker, victimRows, objects] = await Promise.all([
    appEnv.DB.batch([
      appEnv.DB.prepare(`SELECT ${names.map((name, index) => `(SELECT count(*) FROM "${name}") AS t${index}`).join(", ")}`),
      appEnv.DB.prepare("SELECT * FROM users WHERE id = ?").bind(victim.userId),
      appEnv.DB.prepare("SELECT * FROM shared_links WHERE owner_id = ?").bind(victim.userId),
      appEnv.DB.prepare("SELECT * FROM passkeys WHERE user_id = ?").bind(victim.userId),
    ]),
    accountRows(world.attackerId),
    accountRows(victim.userId),
    objectCount(),
  ]);
  const row = (counts!.results[0] ?? {}) as Record<string, number>;
  return {
    rows: Object.fromEntries(names.map((name, index) => [name, row[`t${index}`]])),
    accounts: { attacker, victim: victimRows },
    objects,
    victim: JSON.stringify(rows.map((result) => result.results)),
  };
}

export interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

/** One request through the worker's fetch handler, from its own network address (so no throttle is shared). */
let nextAddress = 1;
export async function send(path: string, init: RequestInit & { headers: Headers }): Promise<Sent> {
  const n = nextAddress++;
  init.headers.set("CF-Connecting-IP", `10.250.${(n >> 8) & 255}.${n & 255}`);
  if (!init.headers.has("Host")) init.headers.set("Host", new URL(ORIGIN).host);
  const response = await callWorker(new Request(`${ORIGIN}${path}`, { ...init, redirect: "manual" }));
  return { status: response.status, headers: response.headers, text: await response.text() };
}
