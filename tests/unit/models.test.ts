// Issue 17 item 10: choosing a model records (and shows) the vendor it belongs to, never SPEC §9's placeholder name.
import { describe, expect, it } from "vitest";
import { DEFAULT_PROVIDER_NAME, MODELS, PROVIDER_LABELS, providerNameFor } from "../../app/lib/models";

describe("providerNameFor", () => {
  it("names Claude models' provider Anthropic, not openaitest", () => {
    expect(providerNameFor("claude-3-5-haiku-latest")).toBe("anthropic");
    expect(providerNameFor("claude-3-5-sonnet-latest")).toBe("anthropic");
    expect(PROVIDER_LABELS[providerNameFor("claude-3-5-haiku-latest") as "anthropic"]).toBe("Anthropic");
  });

  it("gives each model of SPEC §3 its vendor", () => {
    expect(Object.fromEntries(MODELS.map((model) => [model.id, providerNameFor(model.id)]))).toEqual({
      "gpt-4o-mini": "openai",
      "gpt-4o": "openai",
      "o3-mini": "openai",
      "claude-3-5-haiku-latest": "anthropic",
      "claude-3-5-sonnet-latest": "anthropic",
      "gemini-1.5-pro": "google",
      "gemini-2.0-flash": "google",
      "deepseek-reasoner": "deepseek",
      "deepseek-chat": "deepseek",
      "grok-2-vision-1212": "xai",
      "grok-2-vision": "xai",
      "gpt-4.1": "openai",
    });
  });

  it("keeps SPEC §9's default name only for an id outside the catalogue", () => {
    expect(providerNameFor("no-such-model")).toBe(DEFAULT_PROVIDER_NAME);
  });
});
