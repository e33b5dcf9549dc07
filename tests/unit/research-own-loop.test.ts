// Which model and which search deep research's own loop uses (docs/decisions/0046-own-research-loop.md), and how a
// model's JSON is found in its answer.
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { jsonIn, ownLoopTarget } from "../../app/.server/research/ask-model";
import { webFinderFor } from "../../app/.server/research/web-find";

const env = (vars: Record<string, string>) => vars as unknown as AppEnv;

describe("the own loop's model and search", () => {
  it("takes the first fast model of the configured providers, none in demo mode or with only Pro models", () => {
    expect(ownLoopTarget(env({ ANTHROPIC_API_KEY: "k" }))).toMatchObject({ provider: "anthropic", model: "claude-haiku-4-5" });
    expect(ownLoopTarget(env({ GEMINI_API_KEY: "k", DEEPSEEK_API_KEY: "k" }))).toMatchObject({ provider: "google", model: "gemini-2.5-flash" });
    expect(ownLoopTarget(env({ OPENAI_API_KEY: "k" }))).toMatchObject({ provider: "openai", model: "gpt-4o-mini" });
    expect(ownLoopTarget(env({ XAI_API_KEY: "k" }))).toBeNull();
    expect(ownLoopTarget(env({}))).toBeNull();
  });

  it("searches with OpenAI's web_search when OpenAI is configured, else with Brave when its key is set", () => {
    expect(webFinderFor(env({ OPENAI_API_KEY: "k", BRAVE_SEARCH_API_KEY: "b" }))).toBe("openai");
    expect(webFinderFor(env({ ANTHROPIC_API_KEY: "k", BRAVE_SEARCH_API_KEY: "b" }))).toBe("brave");
    expect(webFinderFor(env({ ANTHROPIC_API_KEY: "k", BRAVE_SEARCH_API_KEY: " " }))).toBeNull();
  });

  it("finds the JSON object in an answer, fenced or not, and nothing in prose", () => {
    expect(jsonIn('{"items": ["a"]}')).toEqual({ items: ["a"] });
    expect(jsonIn('Here is the JSON:\n```json\n{"items": ["a", "b"]}\n```')).toEqual({ items: ["a", "b"] });
    expect(jsonIn("I cannot help with that.")).toBeUndefined();
    expect(jsonIn("{not json}")).toBeUndefined();
  });
});
