// Decision 0017: choosing a model records (and shows) the vendor it belongs to, never docs/product.md §9's placeholder name.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_UPSTREAM } from "../../app/.server/ai/upstream-ids";
import { chooseModel, DEFAULT_PROVIDER_NAME, defaultModelFor, MODELS, PROVIDER_LABELS, providerNameFor } from "../../app/lib/models";

describe("providerNameFor", () => {
  it("names Claude models' provider Anthropic, not openaitest", () => {
    expect(providerNameFor("claude-3-5-haiku-latest")).toBe("anthropic");
    expect(providerNameFor("claude-3-5-sonnet-latest")).toBe("anthropic");
    expect(PROVIDER_LABELS[providerNameFor("claude-3-5-haiku-latest") as "anthropic"]).toBe("Anthropic");
  });

  it("gives each model of docs/product.md §3 its vendor", () => {
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

  it("keeps docs/product.md §9's default name only for an id outside the catalogue", () => {
    expect(providerNameFor("no-such-model")).toBe(DEFAULT_PROVIDER_NAME);
  });
});

describe("chooseModel", () => {
  const offered = [
    { id: "gpt-4o", tier: "pro" as const },
    { id: "claude-3-5-haiku-latest", tier: "fast" as const },
  ];

  it("uses the wanted model when the list offers it, else the list's first fast one, else the tool's default", () => {
    expect(chooseModel("web-main", offered, "gpt-4o").id).toBe("gpt-4o");
    expect(chooseModel("web-main", offered, "grok-2-vision").id).toBe("claude-3-5-haiku-latest");
    expect(chooseModel("horoscope", [], "gpt-4o").id).toBe(defaultModelFor("horoscope"));
    expect(chooseModel("web-search", [], "gpt-4o").id).toBe("gpt-4.1");
  });

  it("is the only place screens get the default model from (no screen spells it out)", () => {
    const screens = ["components", "routes"].flatMap((dir) => filesUnder(new URL(`../../app/${dir}`, import.meta.url).pathname));
    expect(screens.filter((path) => readFileSync(path, "utf8").includes(`"${defaultModelFor("web-main")}"`))).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe("upstream ids", () => {
  it("name the upstream id of every model of the list, on the server only", () => {
    expect(Object.keys(DEFAULT_UPSTREAM).sort()).toEqual(MODELS.map((model) => model.id).sort());
    expect(DEFAULT_UPSTREAM["claude-3-5-haiku-latest"]).toBe("claude-haiku-4-5");
    // The list the browser loads carries the product's ids alone.
    expect(MODELS.some((model) => "defaultUpstream" in model)).toBe(false);
  });
});
