// Schedules as their owner uses them (docs/decisions/0045-schedules.md): make, change, pause, run now and delete
// one, each a call to the account's own object (decision 0026), where another account's schedule id does not exist.
// The form is checked by the schema the page uses (lib/schemas/schedules.ts), given the plan and the app clock's now.
import type { Locale } from "../../lib/constants";
import { SCHEDULE_LIMITS, type ScheduleView } from "../../lib/schedules";
import { scheduleFormSchema, type ScheduleFields } from "../../lib/schemas/schedules";
import { inAccount } from "../account/client";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { runSchedule, type RunOutcome } from "./run";

export interface ScheduleOwner {
  accountId: string;
  plan: "free" | "pro";
}

/** Who acts on schedules: an account (a visitor is asked to sign in first). */
export function scheduleOwner(viewer: { kind: "guest" } | { kind: "user"; accountId: string; plan: "free" | "pro" }): ScheduleOwner {
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  return { accountId: viewer.accountId, plan: viewer.plan };
}

export const limitsOf = (plan: ScheduleOwner["plan"]) => SCHEDULE_LIMITS[plan];

/** The form's fields as posted (checkboxes of the week's days are several values of one name). */
export function formFields(form: FormData): Record<string, unknown> {
  return { ...Object.fromEntries(form), days: form.getAll("days") };
}

/** The schema for this owner now: a one-off in the past and a rule too frequent for the plan are field errors. */
export const schemaFor = (owner: ScheduleOwner) => scheduleFormSchema({ plan: owner.plan, now: clockNow() });

export function listSchedules(env: AppEnv, owner: ScheduleOwner): Promise<ScheduleView[]> {
  return inAccount(env, owner.accountId, "schedules.list");
}

/** A new schedule within the plan's number of schedules (`schedule/limit` otherwise, nothing kept). */
export async function createSchedule(
  env: AppEnv,
  owner: ScheduleOwner,
  fields: ScheduleFields,
  where: { locale: Locale; origin: string },
): Promise<ScheduleView> {
  const made = await inAccount(env, owner.accountId, "schedules.create", { ...fields, ...where, now: clockNow(), limit: limitsOf(owner.plan).schedules });
  if (!made) throw new AppError("schedule/limit");
  return made;
}

export async function updateSchedule(
  env: AppEnv,
  owner: ScheduleOwner,
  id: string,
  fields: ScheduleFields,
  where: { locale: Locale; origin: string },
): Promise<void> {
  if (!(await inAccount(env, owner.accountId, "schedules.update", { ...fields, ...where, id, now: clockNow() }))) throw new AppError("schedule/not-found");
}

export async function setPaused(env: AppEnv, accountId: string, id: string, paused: boolean): Promise<void> {
  if (!(await inAccount(env, accountId, "schedules.setPaused", { id, paused, now: clockNow() }))) throw new AppError("schedule/not-found");
}

export async function deleteSchedule(env: AppEnv, owner: ScheduleOwner, id: string): Promise<void> {
  if (!(await inAccount(env, owner.accountId, "schedules.delete", { id }))) throw new AppError("schedule/not-found");
}

/** "Run now": the run, as the alarm would make it, awaited; its next run stays as it was. */
export async function runNow(env: AppEnv, owner: ScheduleOwner, id: string): Promise<RunOutcome> {
  const outcome = await runSchedule(env, owner.accountId, id, clockNow());
  if (!outcome) throw new AppError("schedule/not-found");
  return outcome;
}
