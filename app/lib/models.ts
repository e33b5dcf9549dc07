// The product's model list (docs/product.md §3), shared by client and server. Each entry names its provider and abilities;
// the upstream id it is called with is the server's (ai/upstream-ids.ts), configurable there.
import type { ToolKey } from "./constants";

export const PROVIDERS = ["openai", "anthropic", "google", "deepseek", "xai"] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export interface ModelInfo {
  id: string;
  provider: ProviderId;
  /** Free and guest users may use "fast" models; "pro" models need the Pro plan (docs/product.md §6). */
  tier: "fast" | "pro";
  vision: boolean;
  reasoning: boolean;
}

export const MODELS: readonly ModelInfo[] = [
  { id: "gpt-4o-mini", provider: "openai", tier: "fast", vision: true, reasoning: false },
  { id: "gpt-4o", provider: "openai", tier: "pro", vision: true, reasoning: false },
  { id: "o3-mini", provider: "openai", tier: "pro", vision: false, reasoning: true },
  { id: "claude-3-5-haiku-latest", provider: "anthropic", tier: "fast", vision: true, reasoning: false },
  { id: "claude-3-5-sonnet-latest", provider: "anthropic", tier: "pro", vision: true, reasoning: false },
  { id: "gemini-1.5-pro", provider: "google", tier: "pro", vision: true, reasoning: false },
  { id: "gemini-2.0-flash", provider: "google", tier: "fast", vision: true, reasoning: false },
  { id: "deepseek-reasoner", provider: "deepseek", tier: "pro", vision: false, reasoning: true },
  { id: "deepseek-chat", provider: "deepseek", tier: "fast", vision: false, reasoning: false },
  { id: "grok-2-vision-1212", provider: "xai", tier: "pro", vision: true, reasoning: false },
  { id: "grok-2-vision", provider: "xai", tier: "pro", vision: true, reasoning: false },
  { id: "gpt-4.1", provider: "openai", tier: "pro", vision: true, reasoning: false },
];

/** Models offered in the chat picker (gpt-4.1 is web search's model, docs/product.md §3). */
export const CHAT_MODEL_IDS = MODELS.filter((model) => model.id !== "gpt-4.1").map((model) => model.id);

/** docs/product.md §9: provider name "openaitest"; gpt-4o-mini everywhere except web search (gpt-4.1). */
export const DEFAULT_PROVIDER_NAME = "openaitest";

/** Vendor names as the vendors write them (brand names: the same in every language). */
export const PROVIDER_LABELS: Record<ProviderId, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google",
  deepseek: "DeepSeek",
  xai: "xAI",
};

/**
 * The provider a chosen model belongs to (docs/product.md §3's list), stored as the tool's llmName. docs/product.md §9's "openaitest"
 * names only the untouched default entry; a person's choice records the model's real vendor (decision 0017).
 */
export function providerNameFor(modelId: string): string {
  return findModel(modelId)?.provider ?? DEFAULT_PROVIDER_NAME;
}
export function defaultModelFor(tool: ToolKey): string {
  return tool === "web-search" ? "gpt-4.1" : "gpt-4o-mini";
}

/**
 * The model a screen uses for a tool: the wanted one (the stored choice, or one a link brought) when this viewer's
 * list offers it, else the list's first fast model, else its first; the tool's default when the list is empty.
 */
export function chooseModel<M extends Pick<ModelInfo, "id" | "tier">>(tool: ToolKey, offered: readonly M[], wanted: string): { id: string; model?: M } {
  const model = offered.find((candidate) => candidate.id === wanted) ?? offered.find((candidate) => candidate.tier === "fast") ?? offered[0];
  return { id: model?.id ?? defaultModelFor(tool), model };
}

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((model) => model.id === id);
}

/**
 * The one model-access rule (docs/product.md §6): "pro" models need the Pro plan. Every chat turn (web,
 * tools, WhatsApp) and every creation job asks this, whoever picked the model: the person or a tool.
 */
export function canUseModel(model: Pick<ModelInfo, "tier">, plan: "guest" | "free" | "pro"): boolean {
  return model.tier !== "pro" || plan === "pro";
}

export function requiresPro(modelId: string): boolean {
  return findModel(modelId)?.tier === "pro";
}
