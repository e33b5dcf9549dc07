// Deep research (decision 0043) with the demo provider: a plan from the question's words, the
// plan's field errors, the research run by the account object's alarm one step per wake to a report in the thread
// (sources listed as links), cancel and a provider failure charging only the steps done, an eviction mid-research
// resuming with one charge per step, the Free and Pro allowances, another account's id a 404, deletion with the thread.
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { accountObject } from "../../app/.server/account/client";
import type { AccountContext } from "../../app/.server/account/schema";
import { setClockOffset } from "../../app/.server/clock";
import { demoProvider } from "../../app/.server/research/loop";
import { openAiBackgroundEngine } from "../../app/.server/research/openai-background";
import { runResearch } from "../../app/.server/research/steps";
import type { ResearchView } from "../../app/lib/schemas/research";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, latestEmail, signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";

const HOUR = 60 * 60 * 1000;
const QUESTION = "How do heat pumps compare with gas boilers?";

const postJson = (client: Client, path: string, body: unknown, language = "en") =>
  client.fetch(`${path}?lng=${language}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

async function plan(client: Client, question = QUESTION, language = "en") {
  const response = await postJson(client, "/api/research/plan", { question }, language);
  expect(response.status).toBe(200);
  return (await response.json()) as { plan: string[]; allowance: { used: number; limit: number; nextAt: number | null } };
}

async function start(client: Client, items: string[], language = "en"): Promise<ResearchView> {
  const response = await postJson(client, "/api/research", { question: QUESTION, plan: items }, language);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { research: ResearchView }).research;
}

async function view(client: Client, id: string): Promise<ResearchView> {
  return ((await (await client.get(`/api/research/${id}`)).json()) as { research: ResearchView }).research;
}

/** The app clock moves ahead each wake, so the alarm's next step is due when the test wakes the object. */
let wakes = 0;
async function wake(accountId: string) {
  wakes += 1;
  setClockOffset(HOUR + wakes * 5_000);
  await runDurableObjectAlarm(accountObject(appEnv, accountId));
}

async function runToEnd(client: Client, accountId: string, id: string): Promise<ResearchView> {
  for (let count = 0; count < 30; count += 1) {
    const seen = await view(client, id);
    if (seen.status !== "running") return seen;
    await wake(accountId);
  }
  throw new Error("the research never ended");
}

const messagesOf = (accountId: string, threadId: string) =>
  inAccountDb(accountId, (db) =>
    db
      .select()
      .from(accountSchema.chatMessages)
      .where(eq(accountSchema.chatMessages.threadId, threadId))
      .orderBy(asc(accountSchema.chatMessages.createdAt))
      .all(),
  );
const runRow = (accountId: string, id: string) =>
  inAccountDb(accountId, (db) => db.select().from(accountSchema.researchRuns).where(eq(accountSchema.researchRuns.id, id)).get()!);

async function signedIn(accessLevel: "basic" | "pro" = "pro") {
  setClockOffset(HOUR);
  return signedInClient({ accessLevel });
}

afterEach(() => setClockOffset(0));

describe("deep research: the plan", () => {
  it("proposes 3 to 8 items from the question's words, in the person's language", async () => {
    const { client } = await signedIn();
    const en = await plan(client);
    expect(en.plan.length).toBeGreaterThanOrEqual(3);
    expect(en.plan.length).toBeLessThanOrEqual(8);
    expect(en.plan.every((item) => item.includes("How do heat pumps compare with gas boilers"))).toBe(true);
    expect(en.allowance).toMatchObject({ used: 0, limit: 10, nextAt: null });
    const tr = await plan(client, "Isı pompaları nasıl çalışır?", "tr");
    expect(tr.plan[0]).toContain("nedir");
  });

  it("refuses a visitor, and a plan with no items, over 12 or an item over 300 characters, with field errors", async () => {
    const guest = new Client();
    expect((await postJson(guest, "/api/research/plan", { question: QUESTION })).status).toBe(401);
    const { client } = await signedIn();
    const refusal = async (items: unknown, language = "en") => {
      const response = await postJson(client, "/api/research", { question: QUESTION, plan: items }, language);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors;
    };
    expect(await refusal([])).toEqual({ plan: "The plan needs at least one item." });
    expect(await refusal(Array.from({ length: 13 }, (_, n) => `Item ${n}`))).toEqual({ plan: "The plan can have at most 12 items." });
    expect(await refusal(["Fine", "x".repeat(301)], "tr")).toEqual({ "plan.1": "Bir madde en fazla 300 karakter olabilir." });
  });
});

describe("deep research: running in the account's object", () => {
  it("runs one step per wake to a report in the thread, with its sources as links, charged once per step, and e-mails", async () => {
    const { client, user } = await signedIn();
    const items = (await plan(client)).plan.slice(0, 3);
    const started = await start(client, [...items.slice(0, 2), "My own added question"]);
    expect(started).toMatchObject({ status: "running", totalSteps: 4, chargedSteps: 0 });
    await wake(user.id);
    const halfway = await view(client, started.id);
    expect(halfway).toMatchObject({ status: "running", chargedSteps: 1, sourcesRead: 2 });
    expect(halfway.step).toContain("Searching:");
    const done = await runToEnd(client, user.id, started.id);
    expect(done).toMatchObject({ status: "completed", chargedSteps: 4, sourcesRead: 6, hasReport: true, incomplete: false });
    const [question, report] = await messagesOf(user.id, started.threadId);
    expect(question).toMatchObject({ role: "user", content: QUESTION });
    expect(report!.role).toBe("assistant");
    expect(report!.content).toContain("### My own added question");
    expect(report!.content).toContain("### Sources");
    expect(report!.content).toMatch(/1\. \[An overview of the topic\]\(https:\/\/research-demo\.invalid\/overview\)/);
    expect(report!.content).toContain("| Source | Finding |");
    const row = await runRow(user.id, started.id);
    expect(JSON.parse(row.report!).sources).toHaveLength(6);
    const email = await latestEmail(user.email);
    expect(email.row?.subject).toContain("deep research is ready");
    expect(email.path).toBe(`/web-search/${started.threadId}`);
    // Another account's research is not found.
    const { client: other } = await signedIn();
    expect((await other.get(`/api/research/${started.id}`)).status).toBe(404);
    expect((await other.get(`/api/research/${started.id}/export?format=md`)).status).toBe(404);
    expect((await client.get(`/api/research/${started.id}/export?format=doc`)).status).toBe(400);
  });

  it("cancels: ends with the sections it has, marked incomplete, charged only the steps done", async () => {
    const { client, user } = await signedIn();
    const started = await start(client, (await plan(client)).plan);
    await wake(user.id);
    const cancelled = (await (await client.fetch(`/api/research/${started.id}/cancel`, { method: "POST" })).json()) as { research: ResearchView };
    expect(cancelled.research).toMatchObject({ status: "cancelled", chargedSteps: 1, hasReport: true, incomplete: true });
    await wake(user.id);
    expect(await view(client, started.id)).toMatchObject({ status: "cancelled", chargedSteps: 1 });
    const report = JSON.parse((await runRow(user.id, started.id)).report!);
    expect(report.sections).toHaveLength(1);
    expect((await messagesOf(user.id, started.threadId))[1]!.content).toContain("incomplete");
  });

  it("resumes after an eviction mid-research, charging each step once", async () => {
    const { client, user } = await signedIn();
    const items = (await plan(client)).plan;
    const started = await start(client, items);
    await wake(user.id);
    await wake(user.id);
    await abortAllDurableObjects();
    const done = await runToEnd(client, user.id, started.id);
    expect(done).toMatchObject({ status: "completed", chargedSteps: items.length + 1 });
    expect(JSON.parse((await runRow(user.id, started.id)).report!).sections).toHaveLength(items.length);
  });

  it("ends incomplete with the sections it has when the provider fails mid-way, charging only those steps", async () => {
    const { client, user } = await signedIn();
    const started = await start(client, (await plan(client)).plan);
    let calls = 0;
    const failing = {
      ...demoProvider,
      note: (...args: Parameters<typeof demoProvider.note>) => {
        calls += 1;
        return calls > 2 ? Promise.reject(new Error("upstream 500")) : demoProvider.note(...args);
      },
    };
    for (let step = 0; step < 3; step += 1) {
      await runInDurableObject(accountObject(appEnv, user.id), (instance) =>
        runResearch((instance as unknown as { accountContext(): AccountContext }).accountContext(), Date.now(), {
          loop: failing,
          openai: openAiBackgroundEngine,
        }),
      );
    }
    expect(await view(client, started.id)).toMatchObject({ status: "failed", chargedSteps: 2, hasReport: true, incomplete: true });
    expect(JSON.parse((await runRow(user.id, started.id)).report!).sections).toHaveLength(2);
  });

  it("allows Free one a week (a second at once is refused with the wait), Pro several, and deletes with its thread", async () => {
    const { client: free, user } = await signedIn("basic");
    const first = await start(free, ["One question"]);
    const refused = await postJson(free, "/api/research", { question: QUESTION, plan: ["Another"] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(6 * 24 * 3600);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("The next one is possible");
    expect((await plan(free)).allowance).toMatchObject({ used: 1, limit: 1 });
    await runToEnd(free, user.id, first.id);
    const deleted = await free.fetch(`/api/threads/${first.threadId}`, { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    expect(deleted.status).toBe(200);
    expect((await free.get(`/api/research/${first.id}`)).status).toBe(404);

    const { client: pro } = await signedIn("pro");
    await start(pro, ["One"]);
    await start(pro, ["Two"]);
  });
});
