// docs/product.md §3-4 client state, chat slice: the model chosen per tool. Persisted under "persist:root" (version 1,
// restore time-out 5000 ms), kept in step across open tabs, and a new tab can ask another for the current state.
import { useCallback } from "react";
import { PERSIST_RESTORE_TIMEOUT_MS, PERSIST_VERSION, STORAGE_KEYS, TOOL_KEYS, type ToolKey } from "./constants";
import { DEFAULT_PROVIDER_NAME, defaultModelFor, providerNameFor } from "./models";
import { createStore, useStore } from "./store";

export interface ToolModel {
  llmName: string;
  modelName: string;
}
export type ChatPrefs = { tools: Record<ToolKey, ToolModel> };

export const DEFAULT_CHAT_PREFS: ChatPrefs = {
  tools: Object.fromEntries(TOOL_KEYS.map((tool) => [tool, { llmName: DEFAULT_PROVIDER_NAME, modelName: defaultModelFor(tool) }])) as Record<
    ToolKey,
    ToolModel
  >,
};

/** `restored` (docs/product.md §4 restore-before-show) is false until the persisted slice is read (or the 5000 ms time-out gave up). */
const chatPrefs = createStore<{ prefs: ChatPrefs; restored: boolean }>({ prefs: DEFAULT_CHAT_PREFS, restored: false });
let channel: BroadcastChannel | null = null;

function merge(stored: unknown): ChatPrefs {
  const tools = { ...DEFAULT_CHAT_PREFS.tools };
  const candidate = (stored as { tools?: Record<string, Partial<ToolModel>> } | null)?.tools ?? {};
  for (const tool of TOOL_KEYS) {
    const entry = candidate[tool];
    if (entry && typeof entry.modelName === "string" && typeof entry.llmName === "string") {
      // A choice saved before providers were recorded says the product's default provider name for every model; a model other
      // than the tool's default gets its real vendor (the untouched default keeps "openaitest", docs/product.md §9).
      const stale = entry.llmName === DEFAULT_PROVIDER_NAME && entry.modelName !== defaultModelFor(tool);
      tools[tool] = { llmName: stale ? providerNameFor(entry.modelName) : entry.llmName, modelName: entry.modelName };
    }
  }
  return { tools };
}

function persist() {
  try {
    // redux-persist's layout: each slice JSON-encoded, plus the _persist marker with the version.
    window.localStorage.setItem(
      STORAGE_KEYS.persistedRoot,
      JSON.stringify({ chat: JSON.stringify(chatPrefs.get().prefs), _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }) }),
    );
  } catch {
    // Storage may be full or blocked; the choice still applies to this tab.
  }
}

/** Restores the persisted slice, giving up after the the product's 5000 ms (storage can be slow or locked). */
export async function restoreChatPrefs(read: () => string | null = () => window.localStorage.getItem(STORAGE_KEYS.persistedRoot)): Promise<ChatPrefs> {
  const restore = new Promise<ChatPrefs>((resolve) => {
    try {
      const raw = read();
      const root = raw ? (JSON.parse(raw) as { chat?: string; _persist?: string }) : null;
      const version = root?._persist ? (JSON.parse(root._persist) as { version?: number }).version : undefined;
      resolve(root?.chat && version === PERSIST_VERSION ? merge(JSON.parse(root.chat)) : DEFAULT_CHAT_PREFS);
    } catch {
      resolve(DEFAULT_CHAT_PREFS);
    }
  });
  const timeout = new Promise<ChatPrefs>((resolve) => setTimeout(() => resolve(DEFAULT_CHAT_PREFS), PERSIST_RESTORE_TIMEOUT_MS));
  return Promise.race([restore, timeout]);
}

/**
 * Runs once, when this module loads in the browser (before the page hydrates): the stored choice is usually known by
 * the time a screen first renders on the client, and screens wait for `restored` until it is.
 */
function start() {
  void restoreChatPrefs().then((prefs) => chatPrefs.set({ prefs, restored: true }));
  try {
    channel = new BroadcastChannel("chat-prefs");
    channel.onmessage = (event: MessageEvent<{ type: "state"; prefs: ChatPrefs } | { type: "request" }>) => {
      if (event.data.type === "request") channel?.postMessage({ type: "state", prefs: chatPrefs.get().prefs });
      else {
        const prefs = merge(event.data.prefs);
        chatPrefs.set((current) => ({ ...current, prefs }));
      }
    };
    channel.postMessage({ type: "request" });
  } catch {
    console.warn("Your browser doesn't support cross tab communication");
  }
}

if (typeof window !== "undefined") start();

export function setToolModel(tool: ToolKey, model: ToolModel) {
  chatPrefs.set((current) => ({ ...current, prefs: { tools: { ...current.prefs.tools, [tool]: model } } }));
  persist();
  channel?.postMessage({ type: "state", prefs: chatPrefs.get().prefs });
}

/**
 * The model chosen for a tool, and whether the stored choice has been restored yet. The server cannot know it, so
 * screens keep the model's name out of sight until `restored` (docs/product.md §4: restored before it is shown, 5000 ms at most)
 * rather than flash the default first.
 */
export function useToolModel(tool: ToolKey): [ToolModel, (model: ToolModel) => void, boolean] {
  const { prefs, restored } = useStore(chatPrefs);
  const set = useCallback((model: ToolModel) => setToolModel(tool, model), [tool]);
  return [prefs.tools[tool], set, restored];
}
