// Deep research inside the account's object (decision 0043): the research rows, the plan's
// allowance checked and the research stored in one step, and its views. The alarm's steps are in research/steps.ts.
import { and, desc, eq, gt, or } from "drizzle-orm";
import type { ResearchRun } from "../../../db/account-schema";
import type { ResearchAllowance, ResearchView } from "../../lib/schemas/research";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import type { ResearchLanguage, ResearchNote } from "./compose";
import type { ResearchReport } from "./report";

const { researchRuns } = accountSchema;

/** The research task on the account object's alarm (account/alarms.ts). */
export const RESEARCH_TASK = "research.run";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Pro: included within this fair-use number a day; Free: one a week. */
export const PRO_RESEARCH_PER_DAY = 10;
export const FREE_RESEARCH_PER_WEEK = 1;

export type ResearchPlanTier = "free" | "pro";

export const notesOf = (run: ResearchRun): ResearchNote[] => JSON.parse(run.notes) as ResearchNote[];
export const planOf = (run: ResearchRun): string[] => JSON.parse(run.plan) as string[];
export const reportOf = (run: ResearchRun): ResearchReport | null => (run.report ? (JSON.parse(run.report) as ResearchReport) : null);

/** The thread's latest research, or null: read with a web-search thread's page (chat.screen), in the same call. */
export function researchViewOfThread(db: AccountDb, threadId: string): ResearchView | null {
  const run = db.select().from(researchRuns).where(eq(researchRuns.threadId, threadId)).orderBy(desc(researchRuns.startedAt)).limit(1).get();
  return run ? toResearchView(run) : null;
}

export function toResearchView(run: ResearchRun): ResearchView {
  const report = reportOf(run);
  return {
    id: run.id,
    threadId: run.threadId,
    status: run.status,
    step: run.stepLabel,
    sourcesRead: run.sourcesRead,
    chargedSteps: run.chargedSteps,
    totalSteps: planOf(run).length + 1,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    hasReport: report !== null,
    incomplete: report?.incomplete ?? false,
  };
}

/** The researches that count against the allowance: running, or charged for at least one step (a cancel before any is free). */
function counted(account: AccountContext, since: number): ResearchRun[] {
  return account.db
    .select()
    .from(researchRuns)
    .where(and(gt(researchRuns.startedAt, since), or(eq(researchRuns.status, "running"), gt(researchRuns.chargedSteps, 0))))
    .orderBy(researchRuns.startedAt)
    .all();
}

export function allowanceOf(account: AccountContext, plan: ResearchPlanTier, now: number): ResearchAllowance {
  const period = plan === "pro" ? DAY_MS : 7 * DAY_MS;
  const limit = plan === "pro" ? PRO_RESEARCH_PER_DAY : FREE_RESEARCH_PER_WEEK;
  const runs = counted(account, now - period);
  const nextAt = runs.length >= limit ? runs[runs.length - limit]!.startedAt + period : null;
  return { plan, limit, used: runs.length, period: plan === "pro" ? "day" : "week", nextAt };
}

export interface ResearchBegin {
  id: string;
  threadId: string;
  question: string;
  plan: string[];
  language: ResearchLanguage;
  engine: "loop" | "openai";
  tier: ResearchPlanTier;
  /** The thread's address on the app's origin (the e-mail's link). */
  link: string;
  now: number;
}

export type ResearchBeginOutcome = { ok: true; view: ResearchView } | { ok: false; waitMs: number };

/** A running research's row, or null when it is not this account's or no longer runs. */
export function runningRun(account: AccountContext, id: string): ResearchRun | null {
  return (
    account.db
      .select()
      .from(researchRuns)
      .where(and(eq(researchRuns.id, id), eq(researchRuns.status, "running")))
      .get() ?? null
  );
}

export const researchRunOperations = {
  "research.allowance": (account: AccountContext, input: { tier: ResearchPlanTier; now: number }): ResearchAllowance =>
    allowanceOf(account, input.tier, input.now),

  /**
   * Starts a research: refused with the wait when the plan's allowance is used (a second one at once by a Free
   * account is); otherwise its thread, the question and the research row in one transaction, and the alarm set.
   */
  "research.begin": async (account: AccountContext, input: ResearchBegin): Promise<ResearchBeginOutcome> => {
    const { db, accountId } = account;
    const allowance = allowanceOf(account, input.tier, input.now);
    if (allowance.nextAt !== null) return { ok: false, waitMs: allowance.nextAt - input.now };
    const questionMessageId = crypto.randomUUID();
    const run = db.transaction((tx) => {
      tx.insert(accountSchema.chatThreads)
        .values({
          id: input.threadId,
          ownerId: accountId,
          tool: "web-search",
          toolPath: "tell-me-everything",
          title: input.question.slice(0, 200),
          createdAt: input.now,
          updatedAt: input.now,
        })
        .run();
      tx.insert(accountSchema.chatMessages)
        .values({ id: questionMessageId, threadId: input.threadId, role: "user", content: input.question, createdAt: input.now, updatedAt: input.now })
        .run();
      return tx
        .insert(researchRuns)
        .values({
          id: input.id,
          threadId: input.threadId,
          questionMessageId,
          question: input.question,
          plan: JSON.stringify(input.plan),
          language: input.language,
          engine: input.engine,
          link: input.link,
          startedAt: input.now,
        })
        .returning()
        .get();
    });
    await account.alarms.schedule(RESEARCH_TASK, input.now);
    return { ok: true, view: toResearchView(run) };
  },

  "research.get": ({ db }: AccountContext, id: string): ResearchView | null => {
    const run = db.select().from(researchRuns).where(eq(researchRuns.id, id)).get();
    return run ? toResearchView(run) : null;
  },

  "research.report": ({ db }: AccountContext, id: string): { report: ResearchReport | null } | null => {
    const run = db.select().from(researchRuns).where(eq(researchRuns.id, id)).get();
    return run ? { report: reportOf(run) } : null;
  },
};
