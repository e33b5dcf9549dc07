// Which providers are configured, and how to reach each one: always the `openai` SDK against an
// OpenAI-compatible base URL, optionally through Cloudflare AI Gateway. With no key at all, the demo provider
// serves every model offline (labelled "Demo model" in the UI).
import * as z from "zod";
import { findModel, MODELS, type ModelInfo, type ProviderId } from "../../lib/models";
import { DEFAULT_UPSTREAM } from "./upstream-ids";

const DEFAULT_BASE_URL: Record<ProviderId, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1/",
  google: "https://generativelanguage.googleapis.com/v1beta/openai/",
  deepseek: "https://api.deepseek.com",
  xai: "https://api.x.ai/v1",
};

/** AI Gateway's provider path segment for each provider. */
const GATEWAY_SEGMENT: Record<ProviderId, string> = {
  openai: "openai",
  anthropic: "anthropic",
  google: "google-ai-studio/v1beta/openai",
  deepseek: "deepseek",
  xai: "grok/v1",
};

const ENV_PREFIX: Record<ProviderId, string> = {
  openai: "OPENAI",
  anthropic: "ANTHROPIC",
  google: "GEMINI",
  deepseek: "DEEPSEEK",
  xai: "XAI",
};

export interface UpstreamTarget {
  kind: "openai-compatible";
  provider: ProviderId;
  baseURL: string;
  apiKey: string;
  model: string;
  /** Extra headers (AI Gateway authentication). */
  headers: Record<string, string>;
}

export interface DemoTarget {
  kind: "demo";
  model: string;
  /** Milliseconds between the demo reply's words: a realistic 30 by default; the integration tests' config sets less. */
  paceMs: number;
}

export type ChatTarget = UpstreamTarget | DemoTarget;

const overridesSchema = z.record(z.string(), z.string().min(1));

/** A deployment variable's value, trimmed; undefined when it is unset or blank (`[vars]` keeps "" for "not set"). */
export function configuredString(env: Record<string, unknown>, name: string): string | undefined {
  const value = env[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function modelOverrides(env: Record<string, unknown>): Record<string, string> {
  const raw = configuredString(env, "MODEL_OVERRIDES");
  if (!raw) return {};
  try {
    return overridesSchema.parse(JSON.parse(raw));
  } catch {
    console.error("MODEL_OVERRIDES is not a JSON object of model id -> upstream id; ignoring it");
    return {};
  }
}

export function configuredProviders(env: Record<string, unknown>): ProviderId[] {
  return (Object.keys(ENV_PREFIX) as ProviderId[]).filter((provider) => configuredString(env, `${ENV_PREFIX[provider]}_API_KEY`));
}

/** True when no provider has a key: every model is served by the offline demo provider. */
export function isDemoMode(env: Record<string, unknown>): boolean {
  return configuredProviders(env).length === 0;
}

const DEMO_PACE_MS = 30;

/** DEMO_PACE_MS, a whole number of milliseconds up to a second; anything else is the default. */
function demoPaceMs(env: Record<string, unknown>): number {
  const value = Number(configuredString(env, "DEMO_PACE_MS"));
  return Number.isInteger(value) && value >= 0 && value <= 1000 ? value : DEMO_PACE_MS;
}

/** The models people can pick: those of configured providers, or all of them in demo mode. */
export function availableModels(env: Record<string, unknown>): ModelInfo[] {
  const configured = new Set(configuredProviders(env));
  return configured.size === 0 ? [...MODELS] : MODELS.filter((model) => configured.has(model.provider));
}

/** Where a catalogue model is served from, or null when its provider is not configured. */
export function resolveTarget(env: Record<string, unknown>, modelId: string): ChatTarget | null {
  const model = findModel(modelId);
  if (!model) return null;
  if (isDemoMode(env)) return { kind: "demo", model: model.id, paceMs: demoPaceMs(env) };
  const prefix = ENV_PREFIX[model.provider];
  const apiKey = configuredString(env, `${prefix}_API_KEY`);
  if (!apiKey) return null;
  const gateway = configuredString(env, "AI_GATEWAY_URL");
  const gatewayToken = configuredString(env, "AI_GATEWAY_TOKEN");
  const baseURL =
    configuredString(env, `${prefix}_BASE_URL`) ??
    (gateway ? `${gateway.replace(/\/$/, "")}/${GATEWAY_SEGMENT[model.provider]}` : DEFAULT_BASE_URL[model.provider]);
  return {
    kind: "openai-compatible",
    provider: model.provider,
    baseURL,
    apiKey,
    model: modelOverrides(env)[model.id] ?? DEFAULT_UPSTREAM[model.id] ?? model.id,
    headers: gateway && gatewayToken ? { "cf-aig-authorization": `Bearer ${gatewayToken}` } : {},
  };
}
