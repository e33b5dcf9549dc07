// Deep research's own loop with real providers (docs/decisions/0046-own-research-loop.md): with only an Anthropic
// key and a Brave Search key, both pointing at the fake server (tests/mocks/fake-research-loop.mjs), the plan comes
// from the chat model, the account's object runs one step per wake (Brave's results, up to two pages read with the
// safe reader, the model's note), the report's sections follow the plan and its sources are the pages read, checked
// against the quotes; a page that does not load is skipped and a private host is never fetched. A provider failing
// mid-way ends the research incomplete, charged only the steps done. The Worker's fetch of the pages (public-looking
// hosts) is answered by the test; everything else goes to the real network stack (the fake server on 127.0.0.1).
import { runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { accountObject } from "../../app/.server/account/client";
import type { AccountContext } from "../../app/.server/account/schema";
import { now as clockNow, setClockOffset } from "../../app/.server/clock";
import type { AppEnv } from "../../app/.server/env";
import type { ResearchReport } from "../../app/.server/research/report";
import { runResearch } from "../../app/.server/research/steps";
import type { ResearchView } from "../../app/lib/schemas/research";
import { SEARCH_SOURCES } from "../mocks/fake-openai-responses.mjs";
import { LOOP_PAGES, loopPageHtml } from "../mocks/fake-research-loop.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import type { Client } from "./auth-helpers";
import { signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";

const HOUR = 60 * 60 * 1000;
const QUESTION = "Are heat pumps worth it?";

/** Only Anthropic (through its OpenAI-compatible endpoint) and Brave, both at the fake server. */
function ownLoopEnv(chatBehaviour?: string, vars: Record<string, string> = {}): AppEnv {
  const fake = inject("fakeUpstreamUrl");
  return {
    ...appEnv,
    ANTHROPIC_API_KEY: "sk-ant-fake",
    ANTHROPIC_BASE_URL: fake,
    BRAVE_SEARCH_API_KEY: "brave-fake",
    BRAVE_SEARCH_BASE_URL: `${fake.replace(/\/v1$/, "")}/res/v1`,
    ...(chatBehaviour ? { MODEL_OVERRIDES: JSON.stringify({ "claude-3-5-haiku-latest": chatBehaviour }) } : {}),
    ...vars,
  } as AppEnv;
}

let requested: string[] = [];

/** The pages OpenAI's web_search finds in the fake (fake-openai-responses.mjs), as they read on the web. */
const SEARCHED_PAGE_TEXT = "Public sources describe the subject in two places. A news story adds detail.";
const pageHtml = (url: string) =>
  SEARCH_SOURCES.some((source) => new URL(source.url).href === url) ? `<html><body><p>${SEARCHED_PAGE_TEXT}</p></body></html>` : loopPageHtml(url);
const isFakePage = (url: string) => LOOP_PAGES.some((page) => page.url === url) || SEARCH_SOURCES.some((source) => new URL(source.url).href === url);

beforeEach(() => {
  requested = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!isFakePage(url)) return realFetch(input, init);
    requested.push(url);
    const html = pageHtml(url);
    return html === null
      ? new Response("Not found", { status: 404, headers: { "content-type": "text/html" } })
      : new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setClockOffset(0);
});

const postJson = (client: Client, path: string, body: unknown) =>
  client.fetch(`${path}?lng=en`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

async function view(client: Client, id: string): Promise<ResearchView> {
  return ((await (await client.get(`/api/research/${id}`)).json()) as { research: ResearchView }).research;
}

/** One alarm wake of the account's object, with `env` as the object's variables (the providers are read from them). */
async function wake(accountId: string, env: AppEnv) {
  setClockOffset(HOUR + 5_000 * Math.random());
  await runInDurableObject(accountObject(appEnv, accountId), (instance) => {
    const context = (instance as unknown as { accountContext(): AccountContext }).accountContext();
    return runResearch({ ...context, env }, clockNow());
  });
}

const runRow = (accountId: string, id: string) =>
  inAccountDb(accountId, (db) => db.select().from(accountSchema.researchRuns).where(eq(accountSchema.researchRuns.id, id)).get()!);

async function startOwnLoop(env: AppEnv) {
  setClockOffset(HOUR);
  const { client: plain, user } = await signedInClient({ accessLevel: "pro" });
  const client = plain.withEnv(env);
  const planned = await postJson(client, "/api/research/plan", { question: QUESTION });
  expect(planned.status).toBe(200);
  const { plan } = (await planned.json()) as { plan: string[] };
  const response = await postJson(client, "/api/research", { question: QUESTION, plan });
  expect(response.status, await response.clone().text()).toBe(201);
  return { client, user, plan, research: ((await response.json()) as { research: ResearchView }).research };
}

describe("deep research's own loop (Anthropic and Brave)", () => {
  it("plans with the chat model, runs search, read and note per step, and writes a report following the plan from the pages read", async () => {
    const env = ownLoopEnv();
    const { client, user, plan, research } = await startOwnLoop(env);
    // The chat model's plan (the fake's three items), not the demo's five built from the question.
    expect(plan).toEqual(["How does a heat pump work?", "What does it cost to run?", "Does it work in cold weather?"]);
    expect((await runRow(user.id, research.id)).engine).toBe("loop");

    await wake(user.id, env);
    const first = await view(client, research.id);
    expect(first).toMatchObject({ status: "running", chargedSteps: 1 });
    expect(first.sourcesRead).toBeGreaterThan(0);
    for (let wakes = 0; wakes < 10 && (await view(client, research.id)).status === "running"; wakes++) await wake(user.id, env);
    const done = await view(client, research.id);
    expect(done).toMatchObject({ status: "completed", chargedSteps: plan.length + 1, hasReport: true, incomplete: false });

    const report = JSON.parse((await runRow(user.id, research.id)).report!) as ResearchReport;
    expect(report.title).toBe("Heat pumps, researched");
    expect(report.sections.map((section) => section.heading)).toEqual(plan);
    expect(report.sections[0]!.markdown).toContain("| Efficiency | [1] |");
    // A citation of a source the report does not have is dropped.
    expect(report.sections.map((section) => section.markdown).join("\n")).not.toContain("[99]");
    // The sources are pages that loaded (the gone one was skipped, the private one never fetched), each checked:
    // the quote the model took from it (the page's first visible sentence) is on the page.
    const readable = LOOP_PAGES.filter((page) => !page.gone && !page.private);
    expect(report.sources.length).toBeGreaterThan(1);
    for (const source of report.sources) {
      const page = readable.find((candidate) => candidate.url === source.url);
      expect(page, source.url).toBeDefined();
      expect(source).toMatchObject({ title: page!.title, site: new URL(page!.url).hostname, check: "checked" });
      expect(source.quote).toContain(page!.text.split(". ")[0]);
    }
    expect(requested).not.toContain("https://intranet.local/secret");

    // The report is the thread's answer, with its sources as links.
    const row = await runRow(user.id, research.id);
    const message = await inAccountDb(user.id, (db) =>
      db.select().from(accountSchema.chatMessages).where(eq(accountSchema.chatMessages.id, row.reportMessageId!)).get(),
    );
    expect(message?.content).toContain("### Does it work in cold weather?");
    expect(message?.content).toContain(`](${report.sources[0]!.url})`);
    const markdown = await (await client.get(`/api/research/${research.id}/export?format=md`)).text();
    expect(markdown).toContain("Heat pumps, researched");
    expect(markdown).toContain("Does it work in cold weather?");
    expect(markdown).not.toContain("Demo model");
  });

  it("ends incomplete with the sections it has when the chat model fails mid-way, charged only those steps", async () => {
    const env = ownLoopEnv();
    const { client, user, plan, research } = await startOwnLoop(env);
    await wake(user.id, env);
    await wake(user.id, env);
    // The provider now answers 404 model_not_found to every call.
    await wake(user.id, ownLoopEnv("gone"));
    const ended = await view(client, research.id);
    expect(ended).toMatchObject({ status: "failed", chargedSteps: 2, hasReport: true, incomplete: true });
    expect(ended.chargedSteps).toBeLessThan(plan.length + 1);
    const report = JSON.parse((await runRow(user.id, research.id)).report!) as ResearchReport;
    expect(report.sections.map((section) => section.heading)).toEqual(plan.slice(0, 2));
    expect(report.incomplete).toBe(true);
  });

  it("is unavailable with a chat provider but no search", async () => {
    setClockOffset(HOUR);
    const { client } = await signedInClient({ accessLevel: "pro" });
    const response = await postJson(client.withEnv(ownLoopEnv(undefined, { BRAVE_SEARCH_API_KEY: "" })), "/api/research/plan", { question: QUESTION });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain("Brave Search API key");
  });
});

describe("deep research's own loop (OpenAI's web_search, background mode turned off)", () => {
  it("searches with the Responses API's web_search tool and reads the pages its answer cites", async () => {
    const fake = inject("fakeUpstreamUrl");
    const env = { ...appEnv, OPENAI_API_KEY: "sk-fake-integration", OPENAI_BASE_URL: fake, OPENAI_RESEARCH_MODEL: "none" } as AppEnv;
    const { client, user, plan, research } = await startOwnLoop(env);
    expect((await runRow(user.id, research.id)).engine).toBe("loop");
    for (let wakes = 0; wakes < 10 && (await view(client, research.id)).status === "running"; wakes++) await wake(user.id, env);
    expect(await view(client, research.id)).toMatchObject({ status: "completed", chargedSteps: plan.length + 1 });
    const report = JSON.parse((await runRow(user.id, research.id)).report!) as ResearchReport;
    expect(report.sections.map((section) => section.heading)).toEqual(plan);
    expect(report.sources.map((source) => source.url)).toEqual(SEARCH_SOURCES.map((source) => new URL(source.url).href));
    expect(report.sources.map((source) => source.check)).toEqual(["checked", "checked"]);
  });
});
