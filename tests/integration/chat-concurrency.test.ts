// docs/product.md §4 / issue "Done when": 200 chat requests at once from a signed-in Free account with 20 daily credits.
// Exactly 20 are answered (through the real openai SDK against the fake upstream), 180 are refused with the
// upgrade message (HTTP 402, credits/exhausted), and the balance ends at 0 - no overspending under a race.
import { describe, expect, it } from "vitest";
import errorsEn from "../../locales/en/errors.json";
import { expectedAnswer } from "../mocks/fake-openai-replies.mjs";
import { signedInClient } from "./auth-helpers";
import { accountMessages, accountThreads, credits, sendTurn, upstreamEnv } from "./chat-helpers";

const REQUESTS = 200;
const FREE_DAILY = 20;
const UPSTREAM = "normal?n=4&ms=1";

// 200 turns (20 of them streamed to the end) take a few seconds on a 2-core machine.
describe("credits under concurrency", { timeout: 120_000 }, () => {
  it(`answers exactly ${FREE_DAILY} of ${REQUESTS} simultaneous requests from a Free account and refuses the rest`, async () => {
    const { client: signedIn, user } = await signedInClient();
    // The same browser (session cookie) against the app configured for the fake upstream; CREDITS_FREE_DAILY
    // is wrangler.toml's 20, set here explicitly so the test does not depend on that file's value.
    const client = signedIn.withEnv(upstreamEnv(UPSTREAM, { CREDITS_FREE_DAILY: String(FREE_DAILY) }));
    expect(await credits(client)).toMatchObject({ plan: "free", used: 0, limit: FREE_DAILY, remaining: FREE_DAILY });

    const questions = Array.from({ length: REQUESTS }, (_, index) => `Race question ${index}`);
    const turns = await Promise.all(questions.map((message) => sendTurn(client, { message })));

    const answered = turns.filter((turn) => turn.status === 200);
    const refused = turns.filter((turn) => turn.status !== 200);
    expect(answered).toHaveLength(FREE_DAILY);
    expect(refused).toHaveLength(REQUESTS - FREE_DAILY);
    for (const turn of refused) {
      expect(turn.status).toBe(402);
      expect(turn.error?.code).toBe("credits/exhausted");
      expect(Number(turn.error?.details?.resetsAt)).toBeGreaterThan(Date.now());
    }
    // What the client shows for that code: docs/product.md §4's message asking to upgrade.
    expect(errorsEn["credits/exhausted"]).toMatch(/Upgrade to Pro/);

    // Every answered request got its whole answer, saved complete.
    for (const turn of answered) expect(turn.done).toMatchObject({ status: "complete", errorCode: null });
    const messageIds = answered.map((turn) => turn.messageId!);
    const stored = await accountMessages(user.id);
    const rows = stored.filter((row) => messageIds.includes(row.id));
    expect(rows).toHaveLength(FREE_DAILY);
    const questionByThread = new Map(answered.map((turn) => [turn.threadId!, ""]));
    for (const row of stored.filter((entry) => entry.role === "user" && questionByThread.has(entry.threadId))) questionByThread.set(row.threadId, row.content);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "complete", errorCode: null, content: expectedAnswer(UPSTREAM, questionByThread.get(row.threadId)!) });
    }
    // Refused requests left nothing behind: exactly one thread per answered request.
    const threads = await accountThreads(user.id);
    expect(threads).toHaveLength(FREE_DAILY);

    expect(await credits(client)).toMatchObject({ plan: "free", used: FREE_DAILY, limit: FREE_DAILY, remaining: 0 });
    // And the next request is refused too.
    const after = await sendTurn(client, { message: "One more" });
    expect(after).toMatchObject({ status: 402, error: { code: "credits/exhausted" } });
  });
});
