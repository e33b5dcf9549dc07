// Deep research with OpenAI's own deep-research model in background mode (Responses API, `background: true`): the
// request returns at once with a response id, the account object's alarm polls it (`GET /responses/{id}`) until it
// ends, and a person's cancel is passed on (`POST /responses/{id}/cancel`). Through the app's one `openai` client per
// upstream (ai/upstream.ts), like every provider call. The answer is Markdown (`#` title, a summary, `##` sections);
// its url_citation annotations become the numbered sources (report-parse.ts). Decision:
// docs/decisions/0041-research-sources-and-exports.md.
import OpenAI from "openai";
import { MODELS } from "../../lib/models";
import { configuredString, resolveTarget, type UpstreamTarget } from "../ai/providers";
import { clientFor } from "../ai/upstream";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import type { ResearchEngine, ResearchEngineInput, ResearchPoll } from "./engine";
import { reportFromResponse } from "./report-parse";

export const DEFAULT_RESEARCH_MODEL = "o4-mini-deep-research";
/** A poll or a cancel is a small request: it must not hold the object's alarm for the client's two minutes. */
const REQUEST_TIMEOUT_MS = 30_000;

/** OpenAI's address, key and gateway headers as the chat models use them; null when OpenAI is not configured. */
export function researchTarget(env: AppEnv): (UpstreamTarget & { researchModel: string }) | null {
  const representative = MODELS.find((model) => model.provider === "openai");
  const target = representative ? resolveTarget(env, representative.id) : null;
  if (!target || target.kind !== "openai-compatible") return null;
  return { ...target, researchModel: configuredString(env, "OPENAI_RESEARCH_MODEL") ?? DEFAULT_RESEARCH_MODEL };
}

function client(env: AppEnv) {
  const target = researchTarget(env);
  if (!target) throw new AppError("search/unavailable");
  return { client: clientFor(target), model: target.researchModel };
}

/** What the model is asked for: the approved plan as the report's sections, in the person's language, quotes kept. */
export function researchInstructions(input: ResearchEngineInput): string {
  const language = input.language === "tr" ? "Turkish" : "English";
  const plan = input.plan.map((item, index) => `${index + 1}. ${item}`).join("\n");
  return [
    `Research the question below on the web and write a report in ${language}.`,
    "Follow the approved plan: one section per plan item, in that order, and nothing the plan does not ask for.",
    "Write Markdown: a first line `# ` with a short title; then a summary paragraph of two to four sentences; then",
    "each section under a `## ` heading that restates its plan item. Use a Markdown table where the material is tabular.",
    "Cite every factual claim with an inline link to the page it comes from. Before each citation, quote the page's",
    "exact words (a short phrase, copied verbatim) in double quotes, so a reader can find them on the page.",
    "Prefer primary and recent sources; say where sources disagree or nothing reliable was found.",
    "",
    `Question: ${input.question}`,
    "",
    "Plan:",
    plan,
  ].join("\n");
}

async function start(env: AppEnv, input: ResearchEngineInput): Promise<{ upstreamId: string }> {
  const { client: openai, model } = client(env);
  const response = await openai.responses.create(
    {
      model,
      background: true,
      // Background responses are kept upstream so they can be polled; deep-research models need a web search tool.
      store: true,
      tools: [{ type: "web_search_preview" }],
      input: researchInstructions(input),
      // Read back by poll, which only has the id: the report's language.
      metadata: { language: input.language },
    },
    { timeout: REQUEST_TIMEOUT_MS },
  );
  return { upstreamId: response.id };
}

/** Searches and page reads done so far: the web_search_call items of the output. */
function sourcesRead(response: OpenAI.Responses.Response): number {
  return response.output.filter((item) => item.type === "web_search_call").length;
}

/** The latest search's query or page, as the progress line's detail. */
function lastStep(response: OpenAI.Responses.Response): string | undefined {
  for (let index = response.output.length - 1; index >= 0; index--) {
    const item = response.output[index];
    if (item?.type !== "web_search_call") continue;
    const action = (item as { action?: { type?: string; query?: string; url?: string } }).action;
    return action?.query ?? action?.url ?? undefined;
  }
  return undefined;
}

async function poll(env: AppEnv, upstreamId: string): Promise<ResearchPoll> {
  const { client: openai } = client(env);
  let response: OpenAI.Responses.Response;
  try {
    response = await openai.responses.retrieve(upstreamId, {}, { timeout: REQUEST_TIMEOUT_MS });
  } catch (error) {
    // A response that no longer exists upstream will never finish; anything else (network, 5xx) is tried again later.
    if (error instanceof OpenAI.NotFoundError) return { status: "failed", sourcesRead: 0 };
    throw error;
  }
  const language = response.metadata?.language === "tr" ? "tr" : "en";
  const read = sourcesRead(response);
  switch (response.status) {
    case "queued":
    case "in_progress":
      return { status: "running", sourcesRead: read, step: lastStep(response) };
    case "completed":
      return { status: "completed", sourcesRead: read, report: reportFromResponse(response, language, false) };
    case "cancelled":
      return { status: "cancelled", sourcesRead: read, report: reportFromResponse(response, language, true) };
    default:
      // failed, incomplete, or a status this code does not know: the research ends with what it has.
      return { status: "failed", sourcesRead: read, report: reportFromResponse(response, language, true) };
  }
}

async function cancel(env: AppEnv, upstreamId: string): Promise<void> {
  const { client: openai } = client(env);
  try {
    await openai.responses.cancel(upstreamId, { timeout: REQUEST_TIMEOUT_MS });
  } catch (error) {
    // Already finished or gone: there is nothing left to stop.
    if (error instanceof OpenAI.NotFoundError || error instanceof OpenAI.BadRequestError || error instanceof OpenAI.ConflictError) return;
    throw error;
  }
}

export const openAiBackgroundEngine: ResearchEngine = { start, poll, cancel };
