// Moving a deployed database's old per-account rows from D1 into each account's object (decision 0026, README
// "Deploying"): cut off half way and run again, nothing is lost or copied twice (counts and a checksum of every row
// compared), the account reads whole throughout, the queue and the operator's endpoint drive it, and an account the
// queue has not reached yet is moved on its first use.
import { runInDurableObject } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { accountObject, inAccount } from "../../app/.server/account/client";
import { mintedAfterD1, newGuestId } from "../../app/.server/account/ids";
import { moveRowsFromD1, ownerPageReads, ownersPage } from "../../app/.server/account/move-from-d1";
import type { AccountDb } from "../../app/.server/account/schema";
import type { AppEnv } from "../../app/.server/env";
import { accountSchema, inAccountDb } from "./account-helpers";
import { callWorker, createUser, db } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";
import { deliver } from "./images-helpers";
import {
  legacyAccountMoves,
  legacyBirthProfiles,
  legacyChatMessages,
  legacyChatThreads,
  legacyDataExports,
  legacyGalleryImages,
  legacyImageJobs,
  legacyUploads,
  legacyVoiceNotes,
} from "../../db/legacy-schema";

const TOKEN = "operator-token-for-the-account-moves-0123456789";

/** An account with rows in every old table, as a deployed database holds it. */
async function accountInD1() {
  const user = await createUser();
  const ownerId = user.id;
  const threads = [uniqueId("t"), uniqueId("t"), uniqueId("t")];
  for (const [index, id] of threads.entries()) {
    await db.insert(legacyChatThreads).values({ id, ownerId, title: `Thread ${index} ünicode`, starred: index === 1, createdAt: 1000 + index });
    await db.insert(legacyChatMessages).values(
      Array.from({ length: 4 }, (_, turn) => ({
        id: `${id}-m${turn}`,
        threadId: id,
        role: turn % 2 === 0 ? ("user" as const) : ("assistant" as const),
        content: `Message ${turn} of ${index}`,
        model: turn % 2 === 0 ? null : "gpt-4o-mini",
        createdAt: 2000 + index * 10 + turn,
      })),
    );
  }
  await db
    .insert(legacyVoiceNotes)
    .values({ messageId: `${threads[0]}-m0`, ownerId, r2Key: `voice-notes/${ownerId}/a.ogg`, contentType: "audio/ogg", bytes: 9, seconds: 2 });
  const jobIds = [uniqueId("job"), uniqueId("job")];
  for (const id of jobIds) {
    await db
      .insert(legacyUploads)
      .values({ id: `${id}-up`, ownerId, r2Key: `uploads/${ownerId}/${id}.png`, contentType: "image/png", bytes: 1, width: 1, height: 1 });
    await db
      .insert(legacyImageJobs)
      .values({ id, ownerId, tool: "image-generation", status: "done", prompt: "a cat", model: "demo", creditKey: `job:${id}`, sourceUploadId: `${id}-up` });
    await db.insert(legacyGalleryImages).values({
      id: `${id}-img`,
      ownerId,
      jobId: id,
      tool: "image-generation",
      model: "demo",
      r2Key: `gallery/${ownerId}/${id}.png`,
      contentType: "image/png",
      width: 1,
      height: 1,
      bytes: 1,
    });
  }
  await db.insert(legacyBirthProfiles).values({ ownerId, birthDate: "1990-01-01", birthTime: "10:30", placeId: "istanbul" });
  const exportId = uniqueId("e")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 22);
  await db.insert(legacyDataExports).values({
    id: exportId,
    ownerId,
    status: "ready",
    progress: 100,
    r2Key: `exports/${ownerId}/${exportId}.zip`,
    bytes: 3,
    expiresAt: Date.now() + 3_600_000,
  });
  return { ownerId, exportId };
}

/** The pairs of tables compared: every row the account has in D1, and the same table in its object. */
const TABLES = [
  ["chatThreads", legacyChatThreads, accountSchema.chatThreads],
  ["chatMessages", legacyChatMessages, accountSchema.chatMessages],
  ["voiceNotes", legacyVoiceNotes, accountSchema.voiceNotes],
  ["uploads", legacyUploads, accountSchema.uploads],
  ["imageJobs", legacyImageJobs, accountSchema.imageJobs],
  ["galleryImages", legacyGalleryImages, accountSchema.galleryImages],
  ["birthProfiles", legacyBirthProfiles, accountSchema.birthProfiles],
  ["dataExports", legacyDataExports, accountSchema.dataExports],
] as const;

type Rows = Record<string, unknown>[];
const byJson = (rows: Rows) => rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();

async function checksum(rows: Rows): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(byJson(rows).join("\n")));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function d1Rows(ownerId: string): Promise<Record<string, Rows>> {
  const threadIds = (await db.select({ id: legacyChatThreads.id }).from(legacyChatThreads).where(eq(legacyChatThreads.ownerId, ownerId))).map((row) => row.id);
  const all = async (table: SQLiteTable) => (await db.select().from(table)) as Rows;
  const result: Record<string, Rows> = {};
  for (const [name, table] of TABLES) {
    const rows = await all(table);
    result[name] = rows.filter((row) => (name === "chatMessages" ? threadIds.includes(row.threadId as string) : row.ownerId === ownerId));
  }
  return result;
}

async function objectRows(ownerId: string): Promise<Record<string, Rows>> {
  return inAccountDb(ownerId, (store: AccountDb) => Object.fromEntries(TABLES.map(([name, , table]) => [name, store.select().from(table).all() as Rows])));
}

/** D1 whose queries fail from the `after`-th on, as a move cut off by an outage or an eviction would see it. */
function d1FailingAfter(after: number): AppEnv {
  let queries = 0;
  const failing = new Proxy(appEnv.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          queries += 1;
          if (queries > after) throw new Error("D1 went away");
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...appEnv, DB: failing } as AppEnv;
}

const admin = (method: string, search = "", token = TOKEN) =>
  callWorker(new Request(`https://app.example/api/admin/account-moves${search}`, { method, headers: { Authorization: `Bearer ${token}` } }), {
    ...appEnv,
    ACCOUNT_MOVES_TOKEN: TOKEN,
    ACCOUNT_MOVES: queue,
  } as AppEnv);
const enqueued: { body: { accountId: string } }[] = [];
interface PageAnswer {
  total: number;
  moved: number;
  next: string | null;
}
/** The whole move's progress, summed over the endpoint's pages as scripts/move-accounts.mjs does. */
async function progress() {
  let total = 0;
  let moved = 0;
  let after = "";
  do {
    const page = (await (await admin("GET", `?after=${encodeURIComponent(after)}`)).json()) as PageAnswer;
    total += page.total;
    moved += page.moved;
    after = page.next ?? "";
  } while (after);
  return { total, moved };
}
const queue = { sendBatch: async (messages: Iterable<{ body: { accountId: string } }>) => void enqueued.push(...messages) };

describe("moving the old D1 rows into the accounts' objects", { timeout: 60_000 }, () => {
  it("loses and doubles nothing when a move is cut off half way and run again, and reads whole throughout", async () => {
    const { ownerId } = await accountInD1();
    const source = await d1Rows(ownerId);
    expect(Object.values(source).every((rows) => rows.length > 0)).toBe(true);

    // Cut off after threads, messages and voice notes: half the account is in its object.
    await expect(
      runInDurableObject(accountObject(appEnv, ownerId), (instance) =>
        moveRowsFromD1({ db: (instance as unknown as { db: AccountDb }).db, env: d1FailingAfter(3), accountId: ownerId }),
      ),
    ).rejects.toThrow("D1 went away");
    const half = await objectRows(ownerId);
    expect(half.chatMessages).toHaveLength(12);
    expect(half.uploads).toHaveLength(0);

    // Read meanwhile: the object finishes the move before it answers, so nothing is missing.
    expect(await inAccount(appEnv, ownerId, "birthProfile.get")).toEqual({ birthDate: "1990-01-01", birthTime: "10:30", placeId: "istanbul" });
    // And the queue's run of the same account afterwards copies nothing twice.
    const delivered = await deliver(appEnv, [{ id: "move-1", body: { accountId: ownerId } }], "account-moves");
    expect(delivered.explicitAcks).toEqual(["move-1"]);
    // Run once more from scratch inside the object: every row is already there.
    const copiedAgain = await runInDurableObject(accountObject(appEnv, ownerId), (instance) =>
      moveRowsFromD1({ db: (instance as unknown as { db: AccountDb }).db, env: appEnv, accountId: ownerId }),
    );
    expect(copiedAgain).toBe(0);

    const moved = await objectRows(ownerId);
    for (const [name] of TABLES) {
      expect(moved[name], name).toHaveLength(source[name]!.length);
      // Compared on the old table's columns: a column the account schema added since (a gallery version's original)
      // has no D1 counterpart and is empty on a moved row.
      const columns = Object.keys(source[name]![0] ?? {});
      const asMoved = moved[name]!.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
      expect(await checksum(asMoved), name).toBe(await checksum(source[name]!));
    }
    // The search index came along with the messages (its triggers ran once per row).
    const found = await inAccountDb(ownerId, (store) =>
      store.all<{ hits: number }>(`select count(*) as hits from chat_search where chat_search match 'Message'`),
    );
    expect(found[0]!.hits).toBe(12);
    const [record] = await db.select().from(legacyAccountMoves).where(eq(legacyAccountMoves.accountId, ownerId));
    expect(record).toMatchObject({ accountId: ownerId });
    expect(record!.rows).toBeGreaterThan(0);
  });

  it("moves an account the queue has not reached on its first use, with its export's clean-up on its alarm", async () => {
    const { ownerId, exportId } = await accountInD1();
    // First use after the deploy: the export from before is there, ready.
    const latest = await inAccount(appEnv, ownerId, "dataExports.latest");
    expect(latest).toMatchObject({ id: exportId, status: "ready" });
    const alarm = await runInDurableObject(accountObject(appEnv, ownerId), (_, state) => state.storage.getAlarm());
    expect(alarm).toBe(latest!.expiresAt);
    // Rows written to D1 after the move (an old worker during the deploy) are not read again: the move was once.
    await db.insert(legacyChatThreads).values({ id: uniqueId("late"), ownerId, title: "Too late" });
    const threads = await inAccountDb(ownerId, (store) =>
      store.select().from(accountSchema.chatThreads).orderBy(asc(accountSchema.chatThreads.createdAt)).all(),
    );
    await inAccount(appEnv, ownerId, "dataExports.latest");
    expect(await inAccountDb(ownerId, (store) => store.select().from(accountSchema.chatThreads).all())).toHaveLength(threads.length);
  });

  it("never asks D1 for an account minted since the old tables (a version-7 id): a new visitor is served without it", async () => {
    const guestId = newGuestId();
    expect(mintedAfterD1(guestId)).toBe(true);
    // A row under that id in an old table (none could be there in production) is the proof: the object never read it.
    await db.insert(legacyChatThreads).values({ id: uniqueId("t"), ownerId: guestId, title: "never moved", createdAt: 1000 });
    expect((await inAccount(appEnv, guestId, "chat.historyPanel")).all).toMatchObject({ threads: [] });
    const old = `g_${crypto.randomUUID()}`;
    expect(mintedAfterD1(old)).toBe(false);
    await db.insert(legacyChatThreads).values({ id: uniqueId("t"), ownerId: old, title: "moved", createdAt: 1000 });
    expect((await inAccount(appEnv, old, "chat.historyPanel")).all).toMatchObject({ threads: [{ title: "moved" }] });
  });

  it("is started and watched by the operator through a token-protected endpoint, a page of owner ids at a time", async () => {
    const { ownerId } = await accountInD1();
    expect((await admin("GET", "", "not-the-token-not-the-token-not-the-token")).status).toBe(404);
    // Of another length (longer, a prefix): refused the same way, compared as equal-length digests (equalSecrets).
    for (const other of [`${TOKEN}0`, TOKEN.slice(0, -1), ""]) expect((await admin("GET", "", other)).status).toBe(404);
    const before = await progress();
    expect(before.total).toBeGreaterThan(before.moved);

    // Enqueue page by page until every account not moved yet is on the queue; this account among them.
    enqueued.length = 0;
    let after = "";
    do {
      const answer = await admin("POST", `?after=${encodeURIComponent(after)}`);
      expect(answer.status).toBe(200);
      const page = (await answer.json()) as { enqueued: number; next: string | null };
      after = page.next ?? "";
    } while (after);
    expect(enqueued.map((message) => message.body.accountId)).toContain(ownerId);

    await deliver(appEnv, [{ id: "move-op", body: { accountId: ownerId } }], "account-moves");
    const after_ = await progress();
    expect(after_.moved).toBeGreaterThan(before.moved);
    expect((await objectRows(ownerId)).chatMessages).toHaveLength(12);
    // The page that holds the account, read again alone (as the script re-reads only pages still moving), counts it moved.
    const alone = (await (
      await admin("GET", `?after=${encodeURIComponent(ownerId.slice(0, -1))}&through=${encodeURIComponent(ownerId)}`)
    ).json()) as PageAnswer;
    expect(alone).toMatchObject({ total: 1, moved: 1, next: null });
  });

  it("reads the owners a page at a time along each old table's owner index, never scanning a table", async () => {
    // Three owners with ids that sort together, in different old tables; pages of two.
    const prefix = `page-${crypto.randomUUID()}-`;
    const [first, second, third] = [`${prefix}a`, `${prefix}b`, `${prefix}c`];
    await db.insert(legacyChatThreads).values({ id: uniqueId("t"), ownerId: first, title: "one" });
    await db
      .insert(legacyUploads)
      .values({ id: uniqueId("u"), ownerId: second, r2Key: `uploads/${second}/x.png`, contentType: "image/png", bytes: 1, width: 1, height: 1 });
    await db.insert(legacyBirthProfiles).values({ ownerId: third, birthDate: "1990-01-01", placeId: "istanbul" });
    await db.insert(legacyChatThreads).values({ id: uniqueId("t"), ownerId: third, title: "three" });
    await db.insert(legacyAccountMoves).values({ accountId: second, rows: 1, movedAt: 1 });

    const range = { after: prefix, through: `${prefix}~` };
    const one = await ownersPage(appEnv, range, 2);
    expect(one).toEqual({ notMoved: [first], total: 2, moved: 1, next: null });
    const open = await ownersPage(appEnv, { after: prefix }, 2);
    expect(open.next).toBe(second);
    const two = await ownersPage(appEnv, { after: second, through: range.through }, 2);
    expect(two).toEqual({ notMoved: [third], total: 1, moved: 0, next: null });

    // Each table's read is a search of an index by owner id from the page's start, never a scan of the table.
    for (const read of ownerPageReads(appEnv, range, 2)) {
      const { sql, params } = read.toSQL();
      const plan = await appEnv.DB.prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join("; ");
      expect(details, sql).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \(owner_id>\? AND owner_id<\?\)/);
      expect(details, sql).not.toMatch(/\bSCAN\b/);
    }
  });
});
