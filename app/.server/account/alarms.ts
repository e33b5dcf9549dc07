// A Durable Object has one alarm, and the account's object has several things to wake up for: the chat turns' keep-alive
// while an answer streams (decision 0022) and the clean-up of abandoned uploads a day after an upload (decision 0013).
// Each task's due time is kept in the object's storage under "alarm:<task>" and the alarm is set to the earliest, so
// one task never moves or cancels another's (decision 0026).

const PREFIX = "alarm:";
/** A task that threw is tried again this much later; the other tasks run regardless. */
const RETRY_FAILED_TASK_MS = 60 * 60 * 1000;

/** A task the alarm runs: does its work and answers when it wants to run again (null: only when scheduled again). */
export type AlarmTask = (now: number) => Promise<number | null>;

export class AccountAlarms {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** Wakes `task` at `at`, or keeps the earlier time it is already due at. */
  async schedule(task: string, at: number, options: DurableObjectPutOptions = {}): Promise<void> {
    const key = PREFIX + task;
    const due = await this.storage.get<number>(key);
    if (due !== undefined && due <= at) return;
    await this.storage.put(key, at, options);
    const alarm = await this.storage.getAlarm();
    if (alarm === null || alarm > at) await this.storage.setAlarm(at, options);
  }

  /**
   * Wakes the object now (real time), to look again at what is due on the app clock: the development clock page moves
   * that clock forward (clock.ts), and schedules due on it run without waiting for their real time.
   */
  async wakeNow(): Promise<void> {
    await this.storage.setAlarm(Date.now());
  }

  /** Runs the tasks that are due (the object's alarm handler), then sets the alarm to the next due time. */
  async run(tasks: Record<string, AlarmTask>, options: { now?: number; everyWake?: string[] } = {}): Promise<void> {
    const { now = Date.now(), everyWake = [] } = options;
    const dueTimes = await this.storage.list<number>({ prefix: PREFIX });
    for (const task of everyWake) if (!dueTimes.has(PREFIX + task)) dueTimes.set(PREFIX + task, now);
    for (const [key, due] of dueTimes) {
      const task = tasks[key.slice(PREFIX.length)];
      if (!task) {
        await this.storage.delete(key);
        continue;
      }
      if (due > now && !everyWake.includes(key.slice(PREFIX.length))) continue;
      let again: number | null;
      try {
        again = await task(now);
      } catch (error) {
        console.error("account alarm: task failed, tried again later", key, error);
        again = now + RETRY_FAILED_TASK_MS;
      }
      // Scheduled again while it ran (a new upload, a new answer): the earlier of the two wins.
      const meanwhile = await this.storage.get<number>(key);
      const next = meanwhile !== undefined && meanwhile !== dueTimes.get(key) ? Math.min(meanwhile, again ?? Infinity) : again;
      if (next === null) await this.storage.delete(key);
      else await this.storage.put(key, next);
    }
    const remaining = [...(await this.storage.list<number>({ prefix: PREFIX })).values()];
    if (remaining.length > 0) await this.storage.setAlarm(Math.min(...remaining));
  }
}
