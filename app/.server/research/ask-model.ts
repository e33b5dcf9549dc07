// The chat model of the own research loop (docs/decisions/0046-own-research-loop.md) and how it is asked for JSON:
// the plan, each step's note and the report. Every provider is reached through its OpenAI-compatible endpoint with
// the app's one client per upstream (ai/upstream.ts). Anthropic ignores `response_format` (PROVIDERS.md), so the
// prompt asks for JSON too and the answer's JSON object is taken from between its first "{" and last "}" (a model
// may wrap it in a code fence).
import type * as z from "zod";
import { availableModels, isDemoMode, resolveTarget, type UpstreamTarget } from "../ai/providers";
import { clientFor } from "../ai/upstream";
import type { AppEnv } from "../env";

/** One call must not hold the account object's alarm for the SDK's two minutes. */
const ASK_TIMEOUT_MS = 60_000;
/** The longest answer asked for: a report of up to 8 sections fits. */
const MAX_ANSWER_TOKENS = 4_000;

/**
 * The own loop's model: the first fast model of the configured providers (availableModels' order). Fast models are
 * the ones every plan that may research (Free and Pro) may use for chat (lib/models.ts canUseModel), so the model is
 * chosen from the env alone, at each step, and nothing about it is stored on the research. Null in demo mode or
 * when no configured provider has a fast model.
 */
export function ownLoopTarget(env: AppEnv): UpstreamTarget | null {
  if (isDemoMode(env)) return null;
  const model = availableModels(env).find((candidate) => candidate.tier === "fast");
  const target = model ? resolveTarget(env, model.id) : null;
  return target?.kind === "openai-compatible" ? target : null;
}

/** The JSON object in a model's answer, or undefined when there is none. */
export function jsonIn(answer: string): unknown {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * Asks `target` and parses its answer with `schema`: the parsed value, or null when the answer is not such JSON. A
 * failed call (network, 4xx, 5xx after the SDK's retries) throws: the step is then a provider failure (steps.ts).
 */
export async function askJson<T>(target: UpstreamTarget, system: string, user: string, schema: z.ZodType<T>): Promise<T | null> {
  const response = await clientFor(target).chat.completions.create(
    {
      model: target.model,
      response_format: { type: "json_object" },
      max_tokens: MAX_ANSWER_TOKENS,
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
    },
    { timeout: ASK_TIMEOUT_MS },
  );
  const parsed = schema.safeParse(jsonIn(response.choices[0]?.message.content ?? ""));
  return parsed.success ? parsed.data : null;
}

export const languageName = (language: "en" | "tr") => (language === "tr" ? "Turkish" : "English");
