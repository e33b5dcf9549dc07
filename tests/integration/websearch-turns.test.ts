// Web search through the whole app against the fake OpenAI server's Responses stream (tests/mocks/
// fake-openai-responses.mjs): the answer streams as chat deltas, its url_citation annotations become a Sources list
// saved with it, it is charged two credits, and the demo provider and a server without OpenAI say what they can't do.
import { describe, expect, it } from "vitest";
import { expectedSearchText, SEARCH_SOURCES } from "../mocks/fake-openai-responses.mjs";
import { Client, credits, guest, guestIdOf, messageRow, threadMessages, threadRow, turnResult, upstreamEnv, type TurnResult } from "./chat-helpers";
import { signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";
import type { AppEnv } from "../../app/.server/env";
import { searchStrings } from "../../app/.server/search/turn";

async function postSearch(client: Client, body: Record<string, unknown>): Promise<TurnResult> {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", tool: "web-search", ...body }),
  });
  return turnResult(response);
}

/** What the app appends: the cited pages once each, titles escaped, parentheses in URLs encoded. */
const SOURCES_LIST = [
  "",
  "",
  "**Sources**",
  "",
  `1. [Example profile \\[official\\]](${SEARCH_SOURCES[0]!.url})`,
  "2. [Example News story](https://news.example.com/story%282024%29)",
  "",
].join("\n");

describe("web search against the fake Responses API", { timeout: 30_000 }, () => {
  it("streams a sourced answer (a visitor's with the fast model), saves it with its Sources list and charges two credits", async () => {
    // 50 ms between the search's steps: its text comes well after the answer's rows are written and the reader
    // attached, whichever of the two finishes first on a busy machine.
    const client = guest("normal?ms=50");
    const turn = await postSearch(client, { input: { subject: "Ada Lovelace", category: "education" } });
    expect(turn.status).toBe(200);
    const question = "Ada Lovelace · Education";
    const answer = expectedSearchText(question) + SOURCES_LIST;
    // The search shows as "thinking" before the text, which then arrives delta by delta. A reader that attaches
    // after the search began learns it from the opening snapshot; one attached earlier gets the event itself.
    const firstText = turn.events.findIndex((event) => event.type === "delta");
    const thinking = turn.events.findIndex((event) => event.type === "thinking" || (event.type === "snapshot" && event.thinking === true));
    expect(thinking).toBeGreaterThanOrEqual(0);
    expect(thinking).toBeLessThan(firstText);
    expect(turn.events.filter((event) => event.type === "delta").length).toBeGreaterThan(3);
    expect(turn.streamed).toBe(answer);
    expect(turn.done).toMatchObject({ status: "complete", errorCode: null, text: answer });

    // gpt-4.1 (docs/product.md §9) is a Pro model: a visitor searches with the fast one, whatever the request named.
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({
      role: "assistant",
      model: "gpt-4o-mini",
      status: "complete",
      content: answer,
    });
    expect(await threadRow(guestIdOf(client), turn.threadId!)).toMatchObject({
      tool: "web-search",
      toolPath: "education",
      title: question,
    });
    expect((await threadMessages(guestIdOf(client), turn.threadId!))[0]!.content).toBe(question);
    expect(await credits(client)).toMatchObject({ plan: "guest", used: 2, remaining: 3 });

    // A follow-up searches again in the same thread (two more credits).
    const followUp = await postSearch(client, { threadId: turn.threadId, toolPath: "education", message: "Which schools?" });
    expect(followUp.status).toBe(200);
    expect(followUp.done).toMatchObject({ status: "complete", text: expectedSearchText("Which schools?") + SOURCES_LIST });
    expect(await credits(client)).toMatchObject({ used: 4 });
  });

  it("keeps what streamed when the search fails mid-way, marks it failed and keeps the charge", async () => {
    const client = guest("normal", { MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": "search-fail" }) });
    const turn = await postSearch(client, { input: { subject: "Electric cargo bikes", category: "public-mentions" } });
    expect(turn.status).toBe(200);
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/upstream-failed" });
    const row = await messageRow(guestIdOf(client), turn.messageId!);
    expect(row).toMatchObject({ status: "failed", errorCode: "chat/upstream-failed" });
    expect(row!.content.length).toBeGreaterThan(0);
    expect(row!.content).not.toContain("**Sources**");
    expect(await credits(client)).toMatchObject({ used: 2 });
  });

  it("needs a category, and refuses searching without an OpenAI key when other providers are configured", async () => {
    const client = guest("normal");
    expect(await postSearch(client, { input: { subject: "Ada Lovelace" } })).toMatchObject({
      status: 400,
      error: { code: "request/invalid", fieldErrors: { category: searchStrings.en.validation.categoryRequired } },
    });
    // Field errors are texts in the person's language, like every error body's, never message keys (decision 0014).
    client.cookies.set("locale", "tr");
    const short = await postSearch(client, { input: { subject: "A", category: "family" } });
    expect(short).toMatchObject({ status: 400, error: { code: "request/invalid", fieldErrors: { subject: searchStrings.tr.validation.subjectShort } } });
    expect(short.error).not.toHaveProperty("details");

    const anthropicOnly = { ...appEnv, ANTHROPIC_API_KEY: "sk-ant-fake", ANTHROPIC_BASE_URL: upstreamEnv("normal").OPENAI_BASE_URL } as AppEnv;
    const noOpenAI = new Client(undefined, anthropicOnly);
    expect(await postSearch(noOpenAI, { input: { subject: "Ada Lovelace", category: "education" } })).toMatchObject({
      status: 503,
      error: { code: "search/unavailable" },
    });
    expect(await credits(noOpenAI)).toMatchObject({ used: 0 });
    const page = await noOpenAI.fetch("/web-search");
    expect(await page.text()).toContain("Web search needs an OpenAI API key on this server");
  });
});

describe("the model web search names (docs/product.md §9)", { timeout: 30_000 }, () => {
  const en = { uses: (model: string) => `Searches with ${model} and the web search tool`, pro: "With Pro, searches use gpt-4.1, the more thorough model." };
  const tr = { uses: (model: string) => `${model} ve web arama aracıyla arar`, pro: "Pro ile aramalar daha kapsamlı model olan gpt-4.1 ile yapılır." };
  const page = async (client: Client, language: "en" | "tr") => (await client.fetch(`/web-search?lng=${language}`)).text();

  it("tells visitors and Free accounts the fast model that answers them, with Pro's gpt-4.1 as the upgrade", async () => {
    const visitor = guest("normal");
    const { client: free } = await signedInClient();
    for (const client of [visitor, free.withEnv(upstreamEnv("normal"))]) {
      const [english, turkish] = [await page(client, "en"), await page(client, "tr")];
      expect(english).toContain(en.uses("gpt-4o-mini"));
      expect(english).not.toContain(en.uses("gpt-4.1"));
      expect(english).toContain(en.pro);
      expect(turkish).toContain(tr.uses("gpt-4o-mini"));
      expect(turkish).toContain(tr.pro);
    }
  });

  it("tells Pro accounts gpt-4.1, with no upgrade hint", async () => {
    const { client } = await signedInClient({ accessLevel: "pro" });
    const pro = client.withEnv(upstreamEnv("normal"));
    const [english, turkish] = [await page(pro, "en"), await page(pro, "tr")];
    expect(english).toContain(en.uses("gpt-4.1"));
    expect(english).not.toContain(en.pro);
    expect(turkish).toContain(tr.uses("gpt-4.1"));
    expect(turkish).not.toContain(tr.pro);
  });
});

describe("web search offline (demo provider)", { timeout: 30_000 }, () => {
  it("says searching needs an OpenAI key, shows the answer's shape and states nothing about the subject", async () => {
    const client = new Client();
    const turn = await postSearch(client, { input: { subject: "Grace Hopper", category: "family" } });
    expect(turn.status).toBe(200);
    const answer = (await messageRow(guestIdOf(client), turn.messageId!))!.content;
    expect(answer).toContain("**Demo model.** Web search needs an OpenAI API key");
    expect(answer).toContain("You asked about **Grace Hopper**, focusing on family members and family life as reported in public sources.");
    expect(answer).toContain("OPENAI_API_KEY");
    // The only place the subject appears is where the question is repeated.
    expect(answer.split("Grace Hopper")).toHaveLength(2);
    expect(await credits(client)).toMatchObject({ used: 2 });
  });
});
