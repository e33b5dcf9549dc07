// What a schedule is, as the page, the form's schema and the server share it (docs/decisions/0045-schedules.md).
import { HOROSCOPE_TYPES, type HoroscopeType } from "./tools";

export const SCHEDULE_TOOLS = ["chat", "web-search", "horoscope"] as const;
export type ScheduleTool = (typeof SCHEDULE_TOOLS)[number];

export const SCHEDULE_REPEATS = ["once", "hourly", "daily", "weekdays", "monthly"] as const;
export type ScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

export const SCHEDULE_DELIVERIES = ["push", "email", "whatsapp"] as const;
export type ScheduleDelivery = (typeof SCHEDULE_DELIVERIES)[number];

/** A horoscope reading a schedule can ask for: every type but the coffee cup, which needs a fresh photo each time. */
export const SCHEDULE_READINGS = HOROSCOPE_TYPES.filter((type): type is Exclude<HoroscopeType, "coffee"> => type !== "coffee");
export type ScheduleReading = (typeof SCHEDULE_READINGS)[number];

/** When a schedule runs, on the wall clock of its time zone. Days of the week: 0 Sunday … 6 Saturday. */
export type TimeRule =
  | { kind: "once"; date: string; time: string }
  | { kind: "hourly"; time: string }
  | { kind: "daily"; time: string }
  | { kind: "weekdays"; days: number[]; time: string }
  | { kind: "monthly"; day: number; time: string };

export const SCHEDULE_LIMITS = { free: { schedules: 2, hourly: false }, pro: { schedules: 25, hourly: true } } as const;
export const SCHEDULE_PROMPT_MAX = 2_000;
export const SCHEDULE_NAME_MAX = 80;
/** Run history kept per schedule: older runs are forgotten. */
export const SCHEDULE_RUNS_KEPT = 50;

export type RunStatus = "ok" | "skipped" | "failed";

export interface ScheduleRunView {
  at: number;
  status: RunStatus;
  /** Why it was skipped or failed, or what the delivery did (a key under schedules:notes). */
  note: string | null;
  messageId: string | null;
}

export interface ScheduleView {
  id: string;
  name: string;
  prompt: string;
  tool: ScheduleTool;
  model: string | null;
  reading: ScheduleReading | null;
  sign: string | null;
  rule: TimeRule;
  timeZone: string;
  delivery: ScheduleDelivery;
  paused: boolean;
  nextRunAt: number | null;
  threadId: string | null;
  runs: ScheduleRunView[];
}
