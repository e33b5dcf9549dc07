// Schedules inside the account's own object (decision 0026, docs/decisions/0045-schedules.md): their rows and
// run history, the plan's number of schedules checked as a row is written (one operation at a time), and the next
// run kept on the object's alarm (account/alarms.ts, task "schedules").
import { and, asc, count, desc, eq, inArray, isNotNull, lte, min } from "drizzle-orm";
import type { Schedule } from "../../../db/account-schema";
import { nextRunAfter } from "../../lib/schedule-times";
import { SCHEDULE_RUNS_KEPT, type RunStatus, type ScheduleView, type TimeRule } from "../../lib/schedules";
import type { ScheduleFields } from "../../lib/schemas/schedules";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { planOf } from "../auth/plan-rule";

const { schedules, scheduleRuns, chatThreads, viewerProfile, birthProfiles } = accountSchema;

/** The schedules' task on the object's one alarm. */
export const SCHEDULES_TASK = "schedules";

const ruleOf = (row: Schedule) => JSON.parse(row.rule) as TimeRule;

function viewOf(db: AccountDb, row: Schedule): ScheduleView {
  const runs = db
    .select()
    .from(scheduleRuns)
    .where(eq(scheduleRuns.scheduleId, row.id))
    .orderBy(desc(scheduleRuns.at))
    .limit(SCHEDULE_RUNS_KEPT)
    .all()
    .map((run) => ({ at: run.at, status: run.status, note: run.note, messageId: run.messageId }));
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    tool: row.tool,
    model: row.model,
    reading: row.reading as ScheduleView["reading"],
    sign: row.sign,
    rule: ruleOf(row),
    timeZone: row.timeZone,
    delivery: row.delivery,
    paused: row.paused,
    nextRunAt: row.nextRunAt,
    threadId: row.threadId,
    runs,
  };
}

const rowOf = (db: AccountDb, id: string) => db.select().from(schedules).where(eq(schedules.id, id)).get();

/** The earliest run still to come, on the alarm (or nothing when no schedule is waiting). */
export function nextDue(db: AccountDb): number | null {
  return (
    db
      .select({ at: min(schedules.nextRunAt) })
      .from(schedules)
      .where(and(eq(schedules.paused, false), isNotNull(schedules.nextRunAt)))
      .get()?.at ?? null
  );
}

async function wake(account: AccountContext) {
  const at = nextDue(account.db);
  if (at !== null) await account.alarms.schedule(SCHEDULES_TASK, at);
}

type Written = ScheduleFields & { locale: string; now: number; origin: string };

/** The form's columns, as both a new schedule and an edited one store them (an edit keeps the schedule's locale). */
const columnsOf = (input: Written) => ({
  name: input.name,
  prompt: input.prompt,
  tool: input.tool,
  model: input.model,
  reading: input.reading,
  sign: input.sign,
  rule: JSON.stringify(input.rule),
  timeZone: input.timeZone,
  delivery: input.delivery,
  origin: input.origin,
});

export const scheduleOperations = {
  "schedules.list": ({ db }: AccountContext): ScheduleView[] =>
    db
      .select()
      .from(schedules)
      .orderBy(asc(schedules.createdAt))
      .all()
      .map((row) => viewOf(db, row)),
  "schedules.get": ({ db }: AccountContext, { id }: { id: string }): ScheduleView | null => {
    const row = rowOf(db, id);
    return row ? viewOf(db, row) : null;
  },
  /** A new schedule within the plan's `limit`; null (nothing written) when the account has reached it. */
  "schedules.create": async (account: AccountContext, input: Written & { limit: number }): Promise<ScheduleView | null> => {
    const { db } = account;
    const existing = db.select({ n: count() }).from(schedules).get()?.n ?? 0;
    if (existing >= input.limit) return null;
    const row = db
      .insert(schedules)
      .values({
        id: crypto.randomUUID(),
        ownerId: account.accountId,
        ...columnsOf(input),
        locale: input.locale,
        nextRunAt: nextRunAfter(input.rule, input.timeZone, input.now),
      })
      .returning()
      .get();
    await wake(account);
    return viewOf(db, row);
  },
  /** The whole form again; the next run is worked out from now. False when the account has no such schedule. */
  "schedules.update": async (account: AccountContext, input: Written & { id: string }): Promise<boolean> => {
    const row = rowOf(account.db, input.id);
    if (!row) return false;
    account.db
      .update(schedules)
      .set({
        ...columnsOf(input),
        nextRunAt: row.paused ? row.nextRunAt : nextRunAfter(input.rule, input.timeZone, input.now),
        updatedAt: input.now,
      })
      .where(eq(schedules.id, input.id))
      .run();
    await wake(account);
    return true;
  },
  /** Pauses or resumes; resuming works the next run out from now (what was missed while paused does not run). */
  "schedules.setPaused": async (account: AccountContext, input: { id: string; paused: boolean; now: number }): Promise<boolean> => {
    const row = rowOf(account.db, input.id);
    if (!row) return false;
    const nextRunAt = input.paused ? row.nextRunAt : nextRunAfter(ruleOf(row), row.timeZone, input.now);
    account.db.update(schedules).set({ paused: input.paused, nextRunAt, updatedAt: input.now }).where(eq(schedules.id, input.id)).run();
    await wake(account);
    return true;
  },
  "schedules.delete": ({ db }: AccountContext, { id }: { id: string }): boolean => {
    db.delete(scheduleRuns).where(eq(scheduleRuns.scheduleId, id)).run();
    return db.delete(schedules).where(eq(schedules.id, id)).returning({ id: schedules.id }).all().length > 0;
  },
  /**
   * The schedules due at `now`, oldest due first, each moved on to its next run from now before it runs: a run that
   * fails half-way never runs again by itself, and a schedule missed while nothing ran runs once.
   */
  "schedules.takeDue": ({ db }: AccountContext, { now }: { now: number }): string[] => {
    const due = db
      .select()
      .from(schedules)
      .where(and(eq(schedules.paused, false), lte(schedules.nextRunAt, now)))
      .orderBy(asc(schedules.nextRunAt))
      .all();
    for (const row of due)
      db.update(schedules)
        .set({ nextRunAt: nextRunAfter(ruleOf(row), row.timeZone, now) })
        .where(eq(schedules.id, row.id))
        .run();
    return due.map((row) => row.id);
  },
  /** What a run needs of the account: the schedule, the plan now, the e-mail address, the birth data. */
  "schedules.forRun": ({ db }: AccountContext, { id, now }: { id: string; now: number }) => {
    const row = rowOf(db, id);
    if (!row) return null;
    const profile = db.select().from(viewerProfile).get();
    const birth = db.select().from(birthProfiles).get();
    return {
      schedule: row,
      plan: profile ? planOf(profile, now) : ("free" as const),
      email: profile?.emailVerified ? profile.email : null,
      birth: birth ? { birthDate: birth.birthDate, birthTime: birth.birthTime ?? undefined, placeId: birth.placeId } : null,
    };
  },
  /** A run's outcome in the history (the oldest beyond the last 50 forgotten); its thread titled with the schedule's name. */
  "schedules.recordRun": (
    { db }: AccountContext,
    input: { id: string; at: number; status: RunStatus; note: string | null; messageId?: string; threadId?: string },
  ): void => {
    const row = rowOf(db, input.id);
    if (!row) return;
    db.insert(scheduleRuns)
      .values({ id: crypto.randomUUID(), scheduleId: input.id, at: input.at, status: input.status, note: input.note, messageId: input.messageId ?? null })
      .run();
    // At most one more than kept: the oldest beyond the last 50 goes.
    const old = db
      .select({ id: scheduleRuns.id })
      .from(scheduleRuns)
      .where(eq(scheduleRuns.scheduleId, input.id))
      .orderBy(desc(scheduleRuns.at))
      .all()
      .slice(SCHEDULE_RUNS_KEPT);
    if (old.length > 0)
      db.delete(scheduleRuns)
        .where(
          inArray(
            scheduleRuns.id,
            old.map((run) => run.id),
          ),
        )
        .run();
    if (input.threadId) {
      db.update(schedules).set({ threadId: input.threadId }).where(eq(schedules.id, input.id)).run();
      db.update(chatThreads).set({ title: row.name }).where(eq(chatThreads.id, input.threadId)).run();
    }
  },
  /** The development clock moved forward (routes/dev.clock.tsx): the object wakes to run what is now due on it. */
  "schedules.wake": async ({ alarms }: AccountContext): Promise<void> => alarms.wakeNow(),
  /** "Download my data": every schedule with its run history. */
  "schedules.export": ({ db }: AccountContext) => scheduleOperations["schedules.list"]({ db } as AccountContext),
};

/** The alarm task: the next due time, after the runs it found due (made by schedules/run.ts through the object). */
export async function schedulesAlarm(account: AccountContext, now: number, run: (ids: string[]) => Promise<void>): Promise<number | null> {
  const ids = scheduleOperations["schedules.takeDue"](account, { now });
  await run(ids);
  return nextDue(account.db);
}
