// Deep research on OpenAI's background mode (app/.server/research/openai-background.ts) against the fake OpenAI
// server (tests/mocks/fake-openai-background.mjs): started, polled through queued and in_progress to a report whose
// citations are numbered sources with the quoted words; cancelled upstream; a failure and an incomplete answer end
// "failed" with what there is, marked incomplete.
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { openAiBackgroundEngine as engine, researchInstructions } from "../../app/.server/research/openai-background";
import type { ResearchPoll } from "../../app/.server/research/engine";
import { RESEARCH_SOURCES } from "../mocks/fake-openai-background.mjs";
import { appEnv } from "./helpers";

function openAiEnv(model?: string): AppEnv {
  return {
    ...appEnv,
    OPENAI_API_KEY: "sk-fake-integration",
    OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
    ...(model ? { OPENAI_RESEARCH_MODEL: model } : {}),
  } as AppEnv;
}

const input = { question: "Heat pumps or gas boilers?", plan: ["How does a heat pump work?", "What do they cost to run?"], language: "en" as const };

async function pollUntilDone(env: AppEnv, upstreamId: string) {
  const seen: ResearchPoll[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const poll = await engine.poll(env, upstreamId);
    seen.push(poll);
    if (poll.status !== "running") return seen;
  }
  throw new Error("the research never ended");
}

async function sentBodies(has: string) {
  const origin = inject("fakeUpstreamUrl").replace(/\/v1$/, "");
  return (await (await fetch(`${origin}/__requests?has=${encodeURIComponent(has)}`)).json()) as Record<string, unknown>[];
}

describe("OpenAI background research", () => {
  it("starts in background mode, reports progress while running and ends with a report whose sources are numbered", async () => {
    const env = openAiEnv();
    const question = `Heat pumps or gas boilers in ${crypto.randomUUID().slice(0, 8)}?`;
    const { upstreamId } = await engine.start(env, { ...input, question });
    expect(upstreamId).toMatch(/^resp_/);
    const [body] = await sentBodies(question);
    expect(body).toMatchObject({
      model: "o4-mini-deep-research",
      background: true,
      store: true,
      tools: [{ type: "web_search_preview" }],
      metadata: { language: "en" },
    });
    expect(body?.input).toBe(researchInstructions({ ...input, question }));

    const polls = await pollUntilDone(env, upstreamId);
    const running = polls.filter((poll) => poll.status === "running");
    expect(running.map((poll) => poll.sourcesRead)).toEqual([1, 2, 3]);
    expect(running[0]?.step).toBe("heat pumps step 1");
    const done = polls.at(-1)!;
    expect(done.status).toBe("completed");
    expect(done.sourcesRead).toBe(3);
    const report = done.report!;
    expect(report.title).toBe("Heat pumps and boilers");
    expect(report.summary).toBe(`Heat pumps are efficient: "${RESEARCH_SOURCES[0]!.quote}" [1].`);
    expect(report.sections.map((section) => section.heading)).toEqual(input.plan);
    expect(report.sections[1]!.markdown).toContain("| Heat pump | 300% |");
    expect(report.sections[1]!.markdown).toContain(`"${RESEARCH_SOURCES[1]!.quote}" [2].`);
    expect(report.sources).toEqual(
      RESEARCH_SOURCES.map((source, index) => ({
        n: index + 1,
        url: new URL(source.url).href,
        title: source.title,
        site: new URL(source.url).hostname,
        date: null,
        quote: source.quote,
      })),
    );
    expect(report).toMatchObject({ incomplete: false, language: "en" });
  });

  it("uses the configured model and answers in Turkish when asked", async () => {
    const env = openAiEnv("o3-deep-research?steps=1");
    const question = `Isı pompası mı kombi mi ${crypto.randomUUID().slice(0, 8)}?`;
    const { upstreamId } = await engine.start(env, { question, plan: ["Nasıl çalışır?", "Maliyeti nedir?"], language: "tr" });
    const [body] = await sentBodies(question);
    expect(body).toMatchObject({ model: "o3-deep-research?steps=1", metadata: { language: "tr" } });
    expect(String(body?.input)).toContain("write a report in Turkish");
    const done = (await pollUntilDone(env, upstreamId)).at(-1)!;
    expect(done.status).toBe("completed");
    expect(done.report?.language).toBe("tr");
    expect(done.report?.sections.map((section) => section.heading)).toEqual(["Nasıl çalışır?", "Maliyeti nedir?"]);
  });

  it("cancels upstream: the next poll says cancelled", async () => {
    const env = openAiEnv("o4-mini-deep-research?steps=5");
    const { upstreamId } = await engine.start(env, input);
    expect((await engine.poll(env, upstreamId)).status).toBe("running");
    await engine.cancel(env, upstreamId);
    const after = await engine.poll(env, upstreamId);
    expect(after).toMatchObject({ status: "cancelled", sourcesRead: 1 });
    expect(after.report).toBeUndefined();
    // Cancelling again, or a research that no longer exists upstream, is not an error.
    await engine.cancel(env, upstreamId);
    await engine.cancel(env, "resp_unknown");
    expect(await engine.poll(env, "resp_unknown")).toEqual({ status: "failed", sourcesRead: 0 });
  });

  it("ends failed when the provider fails, and failed with the sections it has when the answer is incomplete", async () => {
    const failing = openAiEnv("research-fail?steps=1");
    const failed = (await pollUntilDone(failing, (await engine.start(failing, input)).upstreamId)).at(-1)!;
    expect(failed).toMatchObject({ status: "failed", sourcesRead: 1 });
    expect(failed.report).toBeUndefined();

    const cut = openAiEnv("research-incomplete?steps=1");
    const partial = (await pollUntilDone(cut, (await engine.start(cut, input)).upstreamId)).at(-1)!;
    expect(partial.status).toBe("failed");
    expect(partial.report).toMatchObject({ title: "Heat pumps and boilers", incomplete: true });
    expect(partial.report?.sections.map((section) => section.heading)).toEqual([input.plan[0]]);
    expect(partial.report?.sources.map((source) => source.n)).toEqual([1]);
  });

  it("is refused with a clear error when OpenAI is not configured", async () => {
    await expect(engine.start(appEnv, input)).rejects.toMatchObject({ code: "search/unavailable" });
  });
});
