// The persisted chat slice (docs/product.md §4, key persist:root, version 1): restored with each tool's choice, and an old choice
// saved with the product's default provider name for every model gets its model's real vendor (decision 0017).
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_PREFS, restoreChatPrefs } from "../../app/lib/chat-prefs";

const stored = (tools: Record<string, { llmName: string; modelName: string }>, version = 1) =>
  JSON.stringify({ chat: JSON.stringify({ tools }), _persist: JSON.stringify({ version, rehydrated: true }) });

describe("restoreChatPrefs", () => {
  it("restores each tool's choice and fills the rest with the defaults", async () => {
    const prefs = await restoreChatPrefs(() => stored({ "web-main": { llmName: "anthropic", modelName: "claude-3-5-haiku-latest" } }));
    expect(prefs.tools["web-main"]).toEqual({ llmName: "anthropic", modelName: "claude-3-5-haiku-latest" });
    expect(prefs.tools["web-search"]).toEqual(DEFAULT_CHAT_PREFS.tools["web-search"]);
  });

  it("gives an old 'openaitest' choice of another model its real provider, and keeps the default's name", async () => {
    const prefs = await restoreChatPrefs(() =>
      stored({ "web-main": { llmName: "openaitest", modelName: "claude-3-5-haiku-latest" }, horoscope: { llmName: "openaitest", modelName: "gpt-4o-mini" } }),
    );
    expect(prefs.tools["web-main"]).toEqual({ llmName: "anthropic", modelName: "claude-3-5-haiku-latest" });
    expect(prefs.tools.horoscope).toEqual({ llmName: "openaitest", modelName: "gpt-4o-mini" });
  });

  it("ignores another version, broken JSON and missing storage", async () => {
    expect(await restoreChatPrefs(() => stored({ "web-main": { llmName: "anthropic", modelName: "claude-3-5-haiku-latest" } }, 2))).toEqual(DEFAULT_CHAT_PREFS);
    expect(await restoreChatPrefs(() => "{not json")).toEqual(DEFAULT_CHAT_PREFS);
    expect(await restoreChatPrefs(() => null)).toEqual(DEFAULT_CHAT_PREFS);
  });
});
