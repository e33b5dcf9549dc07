// The research's steps on the account object's alarm (decision 0043): one step per wake, its
// result and its charge written together (a step cut off by an eviction or a deploy is done again, never charged
// twice), bounded in steps and time; a provider failure or a cancel ends it with the sections it has.
import { and, eq } from "drizzle-orm";
import type { ResearchRun } from "../../../db/account-schema";
import { accountSchema, type AccountContext } from "../account/schema";
import { isDemoMode } from "../ai/providers";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { fill } from "../horoscope/words";
import { resources } from "../i18n";
import { composeReport, reportMessage, type ResearchNote } from "./compose";
import type { ResearchEngine } from "./engine";
import { demoProvider, type LoopProvider } from "./loop";
import { notifyResearchDone } from "./notify";
import { openAiBackgroundEngine } from "./openai-background";
import { ownLoopProvider } from "./own-loop";
import type { ResearchReport } from "./report";
import { notesOf, planOf, RESEARCH_TASK, runningRun } from "./runs";
import { checkSources } from "./source-check";

const { researchRuns, chatMessages, chatThreads } = accountSchema;

/** A research ends, with what it has, this long after it started. */
export const MAX_RESEARCH_MS = 20 * 60 * 1000;
/** Between the own loop's steps: the progress can be followed, and one account's research never hogs its object. */
export const LOOP_PACE_MS = 1_000;
/** Between polls of an upstream engine. */
export const POLL_EVERY_MS = 5_000;

export interface ResearchProviders {
  loop: LoopProvider;
  openai: ResearchEngine;
}

/**
 * The providers for this wake, read from the env each time (decision 0046): with no provider key the demo pages, else
 * the own loop on the configured chat model and web search (research/own-loop.ts).
 */
export function providersFor(env: AppEnv): ResearchProviders {
  return { loop: isDemoMode(env) ? demoProvider : ownLoopProvider(env), openai: openAiBackgroundEngine };
}

const labels = (run: ResearchRun) => resources[run.language].search.research;

function update(account: AccountContext, run: ResearchRun, change: Partial<ResearchRun>): boolean {
  const done = account.db
    .update(researchRuns)
    .set({ ...change, updatedAt: Date.now() })
    .where(and(eq(researchRuns.id, run.id), eq(researchRuns.status, "running"), eq(researchRuns.step, run.step)))
    .returning({ id: researchRuns.id })
    .get();
  return done !== undefined;
}

/**
 * Ends a running research: the report's sources checked, the report stored and posted as the thread's answer (none
 * when nothing was noted), in one transaction with the final status and charge; then the person is told.
 */
export async function finishResearch(
  account: AccountContext,
  run: ResearchRun,
  outcome: { status: ResearchRun["status"]; report: ResearchReport | null; chargedSteps: number; fetchPage?: (url: string) => Promise<Response> },
): Promise<void> {
  // The app clock (clock.ts), as the question's message was dated with: the report always follows it.
  const now = clockNow();
  let report = outcome.report;
  if (report) report = { ...report, sources: await checkSources(account.env, report.sources, outcome.fetchPage) };
  const current = account.db.select().from(researchRuns).where(eq(researchRuns.id, run.id)).get();
  if (!current || current.status !== "running") return;
  const reportMessageId = report ? crypto.randomUUID() : null;
  account.db.transaction((tx) => {
    if (report && reportMessageId) {
      tx.insert(chatMessages)
        .values({ id: reportMessageId, threadId: run.threadId, role: "assistant", content: reportMessage(report), createdAt: now, updatedAt: now })
        .run();
      tx.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, run.threadId)).run();
    }
    tx.update(researchRuns)
      .set({
        status: outcome.status,
        report: report ? JSON.stringify(report) : null,
        reportMessageId,
        chargedSteps: outcome.chargedSteps,
        stepLabel: null,
        endedAt: now,
        updatedAt: now,
      })
      .where(eq(researchRuns.id, run.id))
      .run();
  });
  if (report) await notifyResearchDone(account, run, report).catch((error: unknown) => console.error("research: not told", run.id, error));
}

/** The report from the notes so far, marked incomplete: what a failure, a cancel or the time bound leaves. */
const partialReport = (env: AppEnv, run: ResearchRun, notes: ResearchNote[]): ResearchReport | null =>
  notes.length > 0
    ? composeReport({ question: run.question, notes, language: run.language, incomplete: true, demo: run.engine === "loop" && isDemoMode(env) })
    : null;

async function loopStep(account: AccountContext, run: ResearchRun, provider: LoopProvider, now: number): Promise<number | null> {
  const plan = planOf(run);
  const notes = notesOf(run);
  if (run.step < plan.length) {
    let note: ResearchNote;
    try {
      note = await provider.note(plan[run.step]!, run.step, run.language);
    } catch (error) {
      console.error("research: a step failed, ending with what it has", run.id, error);
      await finishResearch(account, run, {
        status: "failed",
        report: partialReport(account.env, run, notes),
        chargedSteps: run.chargedSteps,
        fetchPage: provider.fetchPage,
      });
      return null;
    }
    const next = plan[run.step + 1];
    const written = update(account, run, {
      notes: JSON.stringify([...notes, note]),
      step: run.step + 1,
      chargedSteps: run.chargedSteps + 1,
      sourcesRead: run.sourcesRead + note.pages.length,
      stepLabel: next !== undefined ? fill(labels(run).searching, { item: next }) : labels(run).writing,
    });
    return written ? now + LOOP_PACE_MS : null;
  }
  let report: ResearchReport;
  try {
    report = await provider.write(run.question, notes, run.language);
  } catch (error) {
    console.error("research: writing failed, ending with the notes", run.id, error);
    report = partialReport(account.env, run, notes)!;
    await finishResearch(account, run, { status: "failed", report, chargedSteps: run.chargedSteps, fetchPage: provider.fetchPage });
    return null;
  }
  await finishResearch(account, run, { status: "completed", report, chargedSteps: run.chargedSteps + 1, fetchPage: provider.fetchPage });
  return null;
}

async function engineStep(account: AccountContext, run: ResearchRun, engine: ResearchEngine, now: number): Promise<number | null> {
  const { env } = account;
  const plan = planOf(run);
  try {
    if (!run.upstreamId) {
      const { upstreamId } = await engine.start(env, { question: run.question, plan, language: run.language });
      return update(account, run, { upstreamId, stepLabel: labels(run).waiting }) ? now + POLL_EVERY_MS : null;
    }
    const poll = await engine.poll(env, run.upstreamId);
    if (poll.status === "running") {
      update(account, run, { sourcesRead: Math.max(run.sourcesRead, poll.sourcesRead), stepLabel: poll.step ?? run.stepLabel });
      return now + POLL_EVERY_MS;
    }
    const report = poll.status === "completed" ? (poll.report ?? null) : null;
    // Upstream the research is one charge of the whole plan, made only when it completed.
    await finishResearch(account, run, { status: poll.status, report, chargedSteps: report ? plan.length + 1 : 0 });
  } catch (error) {
    console.error("research: the upstream engine failed", run.id, error);
    await finishResearch(account, run, { status: "failed", report: null, chargedSteps: 0 });
  }
  return null;
}

/** The alarm's task: one step of every running research; asks to run again while one still runs. */
export async function runResearch(account: AccountContext, now: number, providers: ResearchProviders = providersFor(account.env)): Promise<number | null> {
  const running = account.db.select().from(researchRuns).where(eq(researchRuns.status, "running")).all();
  let next: number | null = null;
  for (const run of running) {
    let again: number | null;
    if (now - run.startedAt > MAX_RESEARCH_MS) {
      if (run.engine === "openai" && run.upstreamId) await providers.openai.cancel(account.env, run.upstreamId).catch(() => undefined);
      await finishResearch(account, run, { status: "failed", report: partialReport(account.env, run, notesOf(run)), chargedSteps: run.chargedSteps });
      again = null;
    } else {
      again = run.engine === "openai" ? await engineStep(account, run, providers.openai, now) : await loopStep(account, run, providers.loop, now);
    }
    if (again !== null) next = Math.min(next ?? again, again);
  }
  return next;
}

/** Cancels a running research: upstream too, then it ends with the sections it has and the steps it was charged. */
export async function cancelResearch(account: AccountContext, id: string, providers: ResearchProviders = providersFor(account.env)): Promise<boolean> {
  const run = runningRun(account, id);
  if (!run) return false;
  if (run.engine === "openai" && run.upstreamId) await providers.openai.cancel(account.env, run.upstreamId).catch(() => undefined);
  await finishResearch(account, run, {
    status: "cancelled",
    report: partialReport(account.env, run, notesOf(run)),
    chargedSteps: run.chargedSteps,
    fetchPage: run.engine === "loop" ? providers.loop.fetchPage : undefined,
  });
  return true;
}

export { RESEARCH_TASK };
