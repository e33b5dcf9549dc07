// Shared by the schedules tests (docs/decisions/0045-schedules.md): making schedules through the API, moving the
// app clock to a moment, running the account object's alarm, and reading the rows a person would see.
import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { setClockOffset } from "../../app/.server/clock";
import type { ScheduleView } from "../../app/lib/schedules";
import { accountSchema, inAccountDb } from "./account-helpers";
import type { Client } from "./auth-helpers";

type Answer<T = object> = {
  status: number;
  json: { ok: boolean; error?: { code: string; message: string; fieldErrors?: Record<string, string> } } & Partial<T>;
};

export async function post<T = object>(client: Client, path: string, fields: Record<string, string | string[]>): Promise<Answer<T>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  const response = await client.fetch(path, { method: "POST", body });
  return { status: response.status, json: (await response.json()) as Answer<T>["json"] };
}

export const createSchedule = (client: Client, fields: Record<string, string | string[]> = {}) =>
  post<{ schedule: ScheduleView }>(client, "/api/schedules", {
    prompt: "Tell me a short fact about the sea",
    repeat: "daily",
    time: "08:00",
    timeZone: "Europe/Istanbul",
    ...fields,
  });

export async function newSchedule(client: Client, fields: Record<string, string | string[]> = {}): Promise<ScheduleView> {
  const made = await createSchedule(client, fields);
  if (made.status !== 201) throw new Error(`schedule refused: ${JSON.stringify(made)}`);
  return made.json.schedule!;
}

export const scheduleAction = (client: Client, id: string, intent: string) =>
  post<{ run: { status: string; note: string | null } }>(client, `/api/schedules/${id}`, { intent });

/** The app clock at `iso` (tests put it back with setClockOffset(0)). */
export const clockAt = (at: string | number) => setClockOffset((typeof at === "number" ? at : Date.parse(at)) - Date.now());

const accountStub = (accountId: string) => env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));

/** The account object's alarm handler, as the runtime calls it. */
export function runAlarm(accountId: string): Promise<void> {
  return runInDurableObject(accountStub(accountId), (instance) => (instance as unknown as { alarm(): Promise<void> }).alarm());
}

const { schedules, scheduleRuns, chatThreads, chatMessages } = accountSchema;

export function scheduleRows(accountId: string) {
  return inAccountDb(accountId, (db) => ({
    schedules: db.select().from(schedules).all(),
    runs: db.select().from(scheduleRuns).orderBy(scheduleRuns.at).all(),
  }));
}

/** A thread's title and its assistant answers' texts. */
export function threadOf(accountId: string, threadId: string) {
  return inAccountDb(accountId, (db) => ({
    title: db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get()?.title,
    answers: db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.threadId, threadId))
      .all()
      .filter((message) => message.role === "assistant")
      .map((message) => message.content),
  }));
}
