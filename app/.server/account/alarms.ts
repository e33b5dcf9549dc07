// A Durable Object has one alarm, and the account's object has several things to do later (decision 0026): notice
// answers lost to an eviction, delete data-export archives past their 7 days, ... Each is a task by name with the
// time it is due, kept in the object's storage; the alarm is set to the earliest, and when it rings the due tasks
// run from the object's dispatch table (account/object.ts). Adding a task is a name here and a line there.
const PREFIX = "task:";

/** Every task the account's object can be asked to run later. */
export type TaskName = "turns.keepalive" | "dataExports.cleanUp";

export type TaskHandlers = Record<TaskName, () => Promise<unknown>>;

/** A task that threw is tried again this much later (the alarm itself is not failed: other tasks are due too). */
const RETRY_AFTER_MS = 60_000;

/** Where a task's time is kept in the object's storage. */
export const taskKey = (name: TaskName) => `${PREFIX}${name}`;

/**
 * Runs `name` at `at` at the latest: a task already due earlier keeps its time (it decides, when it runs, when it
 * is next needed). `options` go to the storage writes (`allowUnconfirmed` keeps them off an answer's first token).
 */
export async function scheduleTask(ctx: DurableObjectState, name: TaskName, at: number, options?: DurableObjectPutOptions): Promise<void> {
  const key = taskKey(name);
  const current = await ctx.storage.get<number>(key);
  if (current !== undefined && current <= at) return;
  await ctx.storage.put(key, at, options);
  const alarm = await ctx.storage.getAlarm();
  if (alarm === null || alarm > at) await ctx.storage.setAlarm(at, options);
}

/** Runs every task due by `now` (from the alarm), then sets the alarm for the earliest one left. */
export async function runDueTasks(ctx: DurableObjectState, handlers: TaskHandlers, now = Date.now()): Promise<void> {
  const tasks = await ctx.storage.list<number>({ prefix: PREFIX });
  for (const [key, at] of tasks) {
    if (at > now) continue;
    // Forgotten before it runs, so a task can schedule its own next run.
    await ctx.storage.delete(key);
    const name = key.slice(PREFIX.length) as TaskName;
    try {
      await handlers[name]?.();
    } catch (error) {
      console.error("account: task failed, retried later", name, error);
      await scheduleTask(ctx, name, now + RETRY_AFTER_MS);
    }
  }
  const left = [...(await ctx.storage.list<number>({ prefix: PREFIX })).values()];
  if (left.length > 0) {
    const earliest = Math.min(...left);
    const alarm = await ctx.storage.getAlarm();
    if (alarm === null || alarm > earliest) await ctx.storage.setAlarm(earliest);
  }
}
