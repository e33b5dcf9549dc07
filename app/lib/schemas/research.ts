// Deep research's forms (decision 0043), shared by the web-search page and the API: the
// question a plan is asked for, and the approved plan. Messages are keys under search:research.validation.
import * as z from "zod";
import { RESEARCH_ITEM_MAX, RESEARCH_PLAN_MAX, RESEARCH_QUESTION_MAX } from "../research-limits";

export { RESEARCH_ITEM_MAX, RESEARCH_PLAN_MAX, RESEARCH_QUESTION_MAX };

/** Half of a surrogate pair on its own: no character at all, so a question holding one is refused rather than sent on. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const question = z
  .string("validation.questionShort")
  .trim()
  .min(2, "validation.questionShort")
  .max(RESEARCH_QUESTION_MAX, "validation.questionLong")
  .refine((text) => !LONE_SURROGATE.test(text), "validation.questionShort");

export const researchPlanRequestSchema = z.object({ question });

export const researchStartSchema = z.object({
  question,
  plan: z
    .array(z.string("validation.itemEmpty").trim().min(1, "validation.itemEmpty").max(RESEARCH_ITEM_MAX, "validation.itemLong"), "validation.planEmpty")
    .min(1, "validation.planEmpty")
    .max(RESEARCH_PLAN_MAX, "validation.planLong"),
});
export type ResearchStart = z.infer<typeof researchStartSchema>;

/** Each field's problem as a validation key: the plan's own as "plan", an item's as "plan.<index>". */
export function researchFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 1 ? `${String(issue.path[0])}.${String(issue.path[1])}` : String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A research as the page shows it while it runs and after. */
export interface ResearchView {
  id: string;
  threadId: string;
  status: "running" | "completed" | "failed" | "cancelled";
  step: string | null;
  sourcesRead: number;
  chargedSteps: number;
  totalSteps: number;
  startedAt: number;
  endedAt: number | null;
  hasReport: boolean;
  incomplete: boolean;
}

/** What deep research costs this account now: Pro a fair-use number a day, Free one a week (`nextAt`: when the next is free). */
export interface ResearchAllowance {
  plan: "free" | "pro";
  limit: number;
  used: number;
  period: "day" | "week";
  nextAt: number | null;
}
