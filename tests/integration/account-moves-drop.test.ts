// The old per-account tables are dropped once every account is moved (decision 0035-legacy-tables): this runs
// db/legacy/drop_old_account_tables.sql as a migration after a move, on a database of its own (LEGACY_DROP_DB,
// vitest.config.ts) so the other test files keep theirs, and shows the product still works: the moved account signs in
// and sees its history, an old account never used since is served, the operator's progress reads nothing, and an
// account is deleted to the end.
import dropSql from "../../db/legacy/drop_old_account_tables.sql?raw";
import { applyD1Migrations, env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountObject, inAccount } from "../../app/.server/account/client";
import { beginAccountDeletion, runAccountDeletion } from "../../app/.server/account/deletion";
import { ownersPage } from "../../app/.server/account/move-from-d1";
import { hashPassword } from "../../app/.server/auth/password";
import { getDb, schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { legacyAccountMoves, legacyBirthProfiles, legacyChatMessages, legacyChatThreads } from "../../db/legacy-schema";
import { Client, uniqueEmail } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";
import { deliver } from "./images-helpers";

const deletions: unknown[] = [];
const dropEnv = { ...appEnv, DB: env.LEGACY_DROP_DB, ACCOUNT_DELETIONS: { send: async (body: unknown) => void deletions.push(body) } } as AppEnv;
const dropDb = getDb(dropEnv);

/**
 * Points the account's object at the test's database: an object reads D1 through its own env (the worker's), and the
 * old tables it moves from and the record of its move are in LEGACY_DROP_DB here.
 */
async function onDropDb(accountId: string) {
  await runInDurableObject(accountObject(appEnv, accountId), (instance) => {
    (instance as unknown as { env: AppEnv }).env = dropEnv;
  });
}

/** An account made before the objects (a version-4 id, as D1 minted them), with a password. */
async function oldAccount() {
  const id = crypto.randomUUID();
  const email = uniqueEmail("old");
  const password = "correct-horse1";
  await dropDb.insert(schema.users).values({ id, email, emailVerified: true, displayName: "Old Account", passwordHash: await hashPassword(password) });
  await dropDb.insert(schema.loginConnections).values({ id: crypto.randomUUID(), userId: id, provider: "email", subject: email, email, verified: true });
  await onDropDb(id);
  return { id, email, password };
}

const dropMigration = {
  name: "drop_old_account_tables.sql",
  queries: dropSql
    .split("--> statement-breakpoint")
    .map((query) => query.replace(/^--.*$/gm, "").trim())
    .filter(Boolean),
};

describe("dropping the old per-account tables after the move", { timeout: 60_000 }, () => {
  it("leaves every account served, the operator's count empty and deletion whole", async () => {
    await applyD1Migrations(env.LEGACY_DROP_DB, env.TEST_MIGRATIONS);
    const moved = await oldAccount();
    const threadId = uniqueId("t");
    await dropDb.insert(legacyChatThreads).values({ id: threadId, ownerId: moved.id, title: "Asked before the objects", createdAt: 1000 });
    await dropDb.insert(legacyChatMessages).values({ id: uniqueId("m"), threadId, role: "user", content: "An old question", createdAt: 1001 });
    await dropDb.insert(legacyBirthProfiles).values({ ownerId: moved.id, birthDate: "1990-01-01", placeId: "istanbul" });
    // One that never had a row there and has not been used since the objects came: its first use is after the drop.
    const unused = await oldAccount();

    // The move, as the operator runs it: every owner enqueued, moved by the queue, counted moved.
    expect(await ownersPage(dropEnv, { after: "" })).toMatchObject({ notMoved: [moved.id], total: 1, moved: 0 });
    expect((await deliver(dropEnv, [{ id: "move", body: { accountId: moved.id } }], "account-moves")).explicitAcks).toEqual(["move"]);
    expect(await ownersPage(dropEnv, { after: "" })).toEqual({ notMoved: [], total: 1, moved: 1, next: null });
    expect(await dropDb.select().from(legacyAccountMoves).where(eq(legacyAccountMoves.accountId, moved.id))).toHaveLength(1);

    await applyD1Migrations(env.LEGACY_DROP_DB, [...env.TEST_MIGRATIONS, dropMigration]);
    const tables = await env.LEGACY_DROP_DB.prepare(
      "select name from sqlite_master where type = 'table' and name in ('chat_threads', 'chat_messages', 'voice_notes', 'uploads', 'image_jobs', 'gallery_images', 'data_exports', 'birth_profiles', 'account_moves', 'chat_search')",
    ).all();
    expect(tables.results).toEqual([]);

    // The moved account signs in and sees its history and its birth data, from its object.
    const client = new Client(undefined, dropEnv);
    expect((await client.action("/auth/login", { email: moved.email, password: moved.password, redirectTo: "/web-main" })).redirect).toBe("/web-main");
    const page = await client.loaderData("/web-main", "routes/_main");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ history: { all: { threads: [{ id: threadId, title: "Asked before the objects" }] } } });
    expect(await inAccount(dropEnv, moved.id, "birthProfile.get")).toMatchObject({ birthDate: "1990-01-01", placeId: "istanbul" });

    // The old account first used now finds nothing to move, and is served.
    expect((await inAccount(dropEnv, unused.id, "chat.historyPanel")).all).toMatchObject({ threads: [] });

    // The operator's count reads nothing, and enqueueing has nothing left.
    expect(await ownersPage(dropEnv, { after: "" })).toEqual({ notMoved: [], total: 0, moved: 0, next: null });

    // Deleting an account runs to its end: the user row goes.
    await beginAccountDeletion(dropEnv, moved);
    await runAccountDeletion(dropEnv, moved.id);
    expect(await dropDb.select().from(schema.users).where(eq(schema.users.id, moved.id))).toEqual([]);
    expect(await dropDb.select().from(schema.accountDeletions).where(eq(schema.accountDeletions.userId, moved.id))).toEqual([]);
  });
});
