// Deep research from the web-search page (decision 0043): the plan proposed for a question,
// the approved plan started in the account's object, its progress, its cancel and its report's export. A visitor
// cannot start one; a research id that is not the account's is a 404.
import * as z from "zod";
import { inAccount } from "../account/client";
import { isDemoMode, resolveTarget } from "../ai/providers";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import type { DownloadFile } from "../http/download";
import { WEB_SEARCH_MODEL } from "../search/turn";
import type { ResearchAllowance, ResearchStart, ResearchView } from "../../lib/schemas/research";
import { RESEARCH_ITEM_MAX, RESEARCH_PLAN_MAX } from "../../lib/schemas/research";
import { askJson, languageName, ownLoopTarget } from "./ask-model";
import { demoPlan, type ResearchLanguage } from "./compose";
import { reportToMarkdown } from "./export-markdown";
import { reportToPdf } from "./export-pdf";
import { researchTarget } from "./openai-background";
import type { ResearchPlanTier } from "./runs";
import { webFinderFor } from "./web-find";
import { slugify } from "../chat/export";

/**
 * The rule (decisions 0043 and 0046): the demo runs the own loop on the demo pages; an OpenAI key, OpenAI's background
 * mode (unless OPENAI_RESEARCH_MODEL is "none"); otherwise a chat model and a web search (OpenAI's web_search tool or
 * Brave) run the own loop with the real providers; else there is no deep research.
 */
export function researchEngineFor(env: AppEnv): "loop" | "openai" | null {
  if (isDemoMode(env)) return "loop";
  const openai = researchTarget(env);
  if (openai && openai.researchModel !== "none") return "openai";
  return ownLoopTarget(env) && webFinderFor(env) ? "loop" : null;
}

/** The model that plans: the web-search model for OpenAI's engine, the own loop's model for the own loop. */
function plannerTarget(env: AppEnv, engine: "loop" | "openai") {
  const target = engine === "openai" ? resolveTarget(env, WEB_SEARCH_MODEL) : ownLoopTarget(env);
  return target?.kind === "openai-compatible" ? target : null;
}

export interface ResearchViewer {
  accountId: string;
  tier: ResearchPlanTier;
}

const planSchema = z.object({ items: z.array(z.string().min(1).max(RESEARCH_ITEM_MAX)).min(3).max(8) });

/** Asks the model for 3 to 8 plan items in the person's language; the demo plans from the question's own words. */
export async function proposePlan(env: AppEnv, question: string, language: ResearchLanguage): Promise<string[]> {
  const engine = researchEngineFor(env);
  if (!engine) throw new AppError("research/unavailable");
  const target = plannerTarget(env, engine);
  if (!target) return demoPlan(question, language);
  try {
    const answer = await askJson(
      target,
      `Plan a deep web research. Answer JSON {"items": [...]}: 3 to 8 short questions to answer and the kinds of sources to look for, in ${languageName(language)}.`,
      question,
      planSchema,
    );
    if (answer) return answer.items.slice(0, RESEARCH_PLAN_MAX);
  } catch (error) {
    console.error("research: the model's plan failed, planning from the question", error);
  }
  return demoPlan(question, language);
}

export function researchAllowance(env: AppEnv, viewer: ResearchViewer): Promise<ResearchAllowance> {
  return inAccount(env, viewer.accountId, "research.allowance", { tier: viewer.tier, now: clockNow() });
}

/** Starts the approved plan: a new web-search thread with the question, the research running in the account's object. */
export async function startResearch(
  env: AppEnv,
  viewer: ResearchViewer,
  input: ResearchStart & { language: ResearchLanguage; origin: string },
): Promise<ResearchView> {
  const engine = researchEngineFor(env);
  if (!engine) throw new AppError("research/unavailable");
  const threadId = crypto.randomUUID();
  const outcome = await inAccount(env, viewer.accountId, "research.begin", {
    id: crypto.randomUUID(),
    threadId,
    question: input.question,
    plan: input.plan,
    language: input.language,
    engine,
    tier: viewer.tier,
    link: new URL(`/web-search/${threadId}`, input.origin).toString(),
    now: clockNow(),
  });
  if (!outcome.ok) throw new AppError("research/limit", { retryAfterSeconds: secondsToWait(outcome.waitMs) });
  return outcome.view;
}

export async function researchOf(env: AppEnv, accountId: string, id: string): Promise<ResearchView> {
  const view = await inAccount(env, accountId, "research.get", id);
  if (!view) throw new AppError("request/not-found");
  return view;
}

export async function cancelResearchOf(env: AppEnv, accountId: string, id: string): Promise<ResearchView> {
  await researchOf(env, accountId, id);
  await inAccount(env, accountId, "research.cancel", id);
  return researchOf(env, accountId, id);
}

/** The report as a download: Markdown or PDF, named after its title (the route answers with http/download.ts). */
export async function exportResearch(env: AppEnv, accountId: string, id: string, format: string | null): Promise<DownloadFile> {
  const found = await inAccount(env, accountId, "research.report", id);
  if (!found) throw new AppError("request/not-found");
  if (format !== "md" && format !== "pdf") throw new AppError("export/invalid-format");
  if (!found.report) throw new AppError("research/not-ready");
  const filename = `${slugify(found.report.title) || "research"}.${format}`;
  return format === "md"
    ? { filename, contentType: "text/markdown; charset=utf-8", body: reportToMarkdown(found.report) }
    : { filename, contentType: "application/pdf", body: new Uint8Array(await reportToPdf(found.report)) };
}
