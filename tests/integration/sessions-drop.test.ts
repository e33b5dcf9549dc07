// D1's old `sessions` table is dropped once the longest session from before decision 0039 has passed: this runs
// db/legacy/drop_d1_sessions.sql as a migration on a database of its own (SESSIONS_DROP_DB, vitest.config.ts) so the
// other test files keep the table, and shows the product still works: before the drop a cookie of the old format is
// moved into the account's object; after it, an old cookie is a session that ended (signed out, the notice, the cookie
// removed, never a 5xx), a cookie of the new format and a new sign-in still work, and the hourly retention runs on.
import dropSql from "../../db/legacy/drop_d1_sessions.sql?raw";
import { applyD1Migrations, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomToken, sha256Hex } from "../../app/.server/auth/crypto";
import { hashPassword } from "../../app/.server/auth/password";
import { getDb, schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { pruneSharedRows } from "../../app/.server/retention";
import { legacySessions } from "../../db/legacy-schema";
import { Client, uniqueEmail } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";

const dropEnv = { ...appEnv, DB: env.SESSIONS_DROP_DB } as AppEnv;
const dropDb = getDb(dropEnv);
const DAY = 24 * 60 * 60 * 1000;

/** An account in the test's database, with a password. */
async function account() {
  const user = { id: crypto.randomUUID(), email: uniqueEmail("old"), password: "correct-horse1" };
  await dropDb
    .insert(schema.users)
    .values({ id: user.id, email: user.email, emailVerified: true, displayName: "Old Session", passwordHash: await hashPassword(user.password) });
  await dropDb
    .insert(schema.loginConnections)
    .values({ id: crypto.randomUUID(), userId: user.id, provider: "email", subject: user.email, email: user.email, verified: true });
  return user;
}

/** A browser holding a cookie of the old format (the token alone), its session a row of D1's sessions table. */
async function oldFormatCookie(userId: string, now = Date.now()) {
  const token = randomToken(32);
  await dropDb.insert(legacySessions).values({ id: await sha256Hex(token), userId, expiresAt: now + DAY, lastSeenAt: now, createdAt: now });
  const client = new Client(undefined, dropEnv);
  client.cookies.set("__Host-session", token);
  return client;
}

async function root(client: Client) {
  const response = await client.loaderData("/web-main", "root");
  return { status: response.status, ...(response.data as { user: { id: string } | null; authError: string | null }) };
}

const dropMigration = {
  name: "drop_d1_sessions.sql",
  queries: dropSql
    .split("--> statement-breakpoint")
    .map((query) => query.replace(/^--.*$/gm, "").trim())
    .filter(Boolean),
};

describe("dropping D1's old sessions table", { timeout: 60_000 }, () => {
  it("ends old-format cookies like an expired session, keeps new ones and sign-in working, and the cron runs on", async () => {
    await applyD1Migrations(env.SESSIONS_DROP_DB, env.TEST_MIGRATIONS);
    const moved = await account();
    const waiting = await account();

    // Before the drop: an old-format cookie is moved into the account's object and rewritten to name the account.
    const movedIn = await oldFormatCookie(moved.id);
    expect(await root(movedIn)).toMatchObject({ status: 200, user: { id: moved.id }, authError: null });
    expect(movedIn.sessionCookie()).toMatch(new RegExp(`^${moved.id}\\.[\\w-]{43}\\.[0-9a-f]{32}$`));
    // A live session from before that its browser has not brought back yet, and an expired link code for the cron.
    const stale = await oldFormatCookie(waiting.id);
    const staleCopy = stale.withEnv(dropEnv);
    const code = uniqueId("code-expired");
    await dropDb
      .insert(schema.whatsappLinkCodes)
      .values({ code, userId: waiting.id, phone: "905551112233", expiresAt: Date.now() - DAY, createdAt: Date.now() - DAY });

    await applyD1Migrations(env.SESSIONS_DROP_DB, [...env.TEST_MIGRATIONS, dropMigration]);
    const tables = await env.SESSIONS_DROP_DB.prepare("select name from sqlite_master where name like 'sessions%'").all();
    expect(tables.results).toEqual([]);

    // The old-format cookie: signed out with the notice an expired session gets, and the dead cookie removed.
    expect(await root(stale)).toMatchObject({ status: 200, user: null, authError: "auth/user-token-expired" });
    expect(stale.sessionCookie()).toBeUndefined();
    expect(await root(stale)).toMatchObject({ status: 200, user: null, authError: null });
    // Signing out with it is no error either.
    const out = await staleCopy.fetch("/auth/sign-out", { method: "POST", body: new URLSearchParams({ redirectTo: "/web-main" }) });
    expect(out.status).toBe(302);

    // The cookie of the new format is served from the account's object, and a new sign-in works.
    expect(await root(movedIn)).toMatchObject({ status: 200, user: { id: moved.id }, authError: null });
    const again = new Client(undefined, dropEnv);
    expect((await again.action("/auth/login", { email: waiting.email, password: waiting.password, redirectTo: "/web-main" })).redirect).toBe("/web-main");
    expect(await root(again)).toMatchObject({ status: 200, user: { id: waiting.id }, authError: null });

    // The hourly retention runs every rule: nothing to delete in the dropped table, the others as before.
    expect(await pruneSharedRows(dropEnv, Date.now())).toMatchObject({ sessions: 0, whatsapp_link_codes: 1 });
    expect(await dropDb.select().from(schema.whatsappLinkCodes).where(eq(schema.whatsappLinkCodes.code, code))).toEqual([]);
  });
});
