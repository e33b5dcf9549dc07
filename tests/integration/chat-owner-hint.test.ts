// A signed-in turn starts on the account and plan this isolate last verified for the session (charged, and the
// upstream request sent; app/.server/chat/owner-hint.ts, decision 0009) before the session is read again. These
// cases change the truth between two turns of the same browser: the turn must follow the session as it is now.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBalance } from "../../app/.server/credits";
import { schema } from "../../app/.server/db";
import { loadConfig } from "../../app/.server/env";
import { endSessionsOf, signedInClient, syncProfile } from "./auth-helpers";
import { accountThreads, credits, db, guestIdOf, sendTurn, threadRow, upstreamEnv } from "./chat-helpers";
import { documentRows, seedTextDocuments } from "./documents-helpers";

const UPSTREAM = "normal?n=2&ms=1";

async function freeUser(freeDaily: number, accessLevel: "basic" | "pro" = "basic") {
  const { client: signedIn, user } = await signedInClient({ accessLevel });
  const env = upstreamEnv(UPSTREAM, { CREDITS_FREE_DAILY: String(freeDaily) });
  return { client: signedIn.withEnv(env), user, env };
}

describe("a chat turn's charge follows the session as it is now", { timeout: 30_000 }, () => {
  it("a session ended elsewhere after a turn: the next turn through that cookie leaves the account's credits alone", async () => {
    const { client, user, env } = await freeUser(5);
    expect(await sendTurn(client, { message: "First question" })).toMatchObject({ status: 200 });
    expect(await credits(client)).toMatchObject({ plan: "free", used: 1 });

    // Signed out everywhere (another device, or the account disabled): the cookie no longer names a session.
    await endSessionsOf(user.id);
    const after = await sendTurn(client, { message: "Second question" });
    // The browser is a visitor now: the turn is the guest's, in a guest's thread.
    expect(after.status).toBe(200);
    const thread = await threadRow(guestIdOf(client), after.threadId!);
    expect(thread?.ownerId).toMatch(/^g_/);

    const balance = await getBalance(env, loadConfig(env), { accountId: user.id, plan: "free" });
    expect(balance).toMatchObject({ used: 1 });
    // The turn began on the hint (the relay may already have asked upstream) but nothing of it reached the account.
    const ownThreads = await accountThreads(user.id);
    expect(ownThreads).toHaveLength(1);
  });

  it("a session ended elsewhere: a document the stale turn attaches stays unbound to any thread", async () => {
    const { client, user } = await freeUser(5);
    expect(await sendTurn(client, { message: "First question" })).toMatchObject({ status: 200 });
    await seedTextDocuments(user.id, 1);
    const [document] = await documentRows(user.id);

    await endSessionsOf(user.id);
    // The hint still names the account, so the turn is launched in its object; the session read then says visitor.
    const after = await sendTurn(client, { message: "About the tide tables", attachmentId: document!.id });
    expect(after.status).toBe(404);
    const [unchanged] = await documentRows(user.id);
    expect(unchanged?.threadId).toBeNull();
    expect(await accountThreads(user.id)).toHaveLength(1);
  });

  it("a Free account out of credits that becomes Pro is answered at once", async () => {
    const { client, user } = await freeUser(1);
    expect(await sendTurn(client, { message: "Only credit" })).toMatchObject({ status: 200 });
    expect(await sendTurn(client, { message: "Refused" })).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });

    await db.update(schema.users).set({ accessLevel: "pro" }).where(eq(schema.users.id, user.id));
    await syncProfile(user.id);
    const turn = await sendTurn(client, { message: "Now as Pro" });
    expect(turn.status).toBe(200);
    expect(turn.done).toMatchObject({ status: "complete" });
    expect(await credits(client)).toMatchObject({ plan: "pro", used: 2, limit: null });
  });

  it("a Pro account that falls back to Free is held to the Free limit, and the refused turn costs nothing", async () => {
    const { client, user } = await freeUser(1, "pro");
    expect(await sendTurn(client, { message: "Pro one" })).toMatchObject({ status: 200 });
    expect(await sendTurn(client, { message: "Pro two" })).toMatchObject({ status: 200 });

    await db.update(schema.users).set({ accessLevel: "basic" }).where(eq(schema.users.id, user.id));
    await syncProfile(user.id);
    expect(await sendTurn(client, { message: "Now Free" })).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });
    expect(await credits(client)).toMatchObject({ plan: "free", used: 2, limit: 1, remaining: 0 });
  });
});
