// Deep research from the web-search page (decision 0043): the plan proposed for a question,
// the approved plan started in the account's object, its progress, its cancel and its report's export. A visitor
// cannot start one; a research id that is not the account's is a 404.
import * as z from "zod";
import { inAccount } from "../account/client";
import { isDemoMode, resolveTarget } from "../ai/providers";
import { clientFor } from "../ai/upstream";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import type { DownloadFile } from "../http/download";
import { WEB_SEARCH_MODEL } from "../search/turn";
import type { ResearchAllowance, ResearchStart, ResearchView } from "../../lib/schemas/research";
import { RESEARCH_ITEM_MAX, RESEARCH_PLAN_MAX } from "../../lib/schemas/research";
import { demoPlan, type ResearchLanguage } from "./compose";
import { reportToMarkdown } from "./export-markdown";
import { reportToPdf } from "./export-pdf";
import type { ResearchPlanTier } from "./runs";
import { slugify } from "../chat/export";

/** The rule (decision 0043): the demo runs the own loop; an OpenAI key, OpenAI's background mode. */
export function researchEngineFor(env: AppEnv): "loop" | "openai" | null {
  if (isDemoMode(env)) return "loop";
  return resolveTarget(env, WEB_SEARCH_MODEL)?.kind === "openai-compatible" ? "openai" : null;
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
  const target = resolveTarget(env, WEB_SEARCH_MODEL);
  if (engine === "loop" || target?.kind !== "openai-compatible") return demoPlan(question, language);
  try {
    const response = await clientFor(target).chat.completions.create({
      model: target.model,
      response_format: { type: "json_object" },
      messages: [
        {
          role: "system",
          content: `Plan a deep web research. Answer JSON {"items": [...]}: 3 to 8 short questions to answer and the kinds of sources to look for, in ${language === "tr" ? "Turkish" : "English"}.`,
        },
        { role: "user", content: question },
      ],
    });
    const parsed = planSchema.safeParse(JSON.parse(response.choices[0]?.message.content ?? "{}"));
    if (parsed.success) return parsed.data.items.slice(0, RESEARCH_PLAN_MAX);
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
