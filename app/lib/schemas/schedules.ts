// The schedule form (docs/decisions/0045-schedules.md): one schema shared by /schedules and POST /api/schedules.
// Messages are keys in the schedules namespace. What depends on the person (their plan) and the moment (a one-off in the
// past) is checked by the same schema, given both.
import * as z from "zod";
import { onceAt } from "../schedule-times";
import { isTimeZone } from "../history";
import {
  SCHEDULE_DELIVERIES,
  SCHEDULE_LIMITS,
  SCHEDULE_NAME_MAX,
  SCHEDULE_PROMPT_MAX,
  SCHEDULE_READINGS,
  SCHEDULE_REPEATS,
  SCHEDULE_TOOLS,
  type TimeRule,
} from "../schedules";
import { ZODIAC_SIGNS } from "../horoscope-options";

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const fields = z.object({
  name: z.preprocess(blank, z.string().trim().max(SCHEDULE_NAME_MAX, "validation.nameTooLong").optional()),
  prompt: z.string("validation.promptRequired").trim().min(1, "validation.promptRequired").max(SCHEDULE_PROMPT_MAX, "validation.promptTooLong"),
  tool: z.enum(SCHEDULE_TOOLS, "validation.toolRequired").default("chat"),
  model: z.preprocess(blank, z.string().max(64).optional()),
  reading: z.preprocess(blank, z.enum(SCHEDULE_READINGS, "validation.readingRequired").optional()),
  sign: z.preprocess(blank, z.enum(ZODIAC_SIGNS, "validation.signRequired").optional()),
  repeat: z.enum(SCHEDULE_REPEATS, "validation.repeatRequired"),
  time: z.string("validation.timeInvalid").regex(TIME, "validation.timeInvalid"),
  date: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateInvalid")
      .optional(),
  ),
  days: z.array(z.coerce.number().int().min(0).max(6)).max(7).default([]),
  dayOfMonth: z.preprocess(
    blank,
    z.coerce.number("validation.dayInvalid").int("validation.dayInvalid").min(1, "validation.dayInvalid").max(31, "validation.dayInvalid").optional(),
  ),
  timeZone: z.string("validation.timeZoneUnknown").refine(isTimeZone, "validation.timeZoneUnknown"),
  delivery: z.enum(SCHEDULE_DELIVERIES, "validation.deliveryRequired").default("push"),
});

export type ScheduleFormInput = z.input<typeof fields>;

/** The schema for a person on `plan` at `now`: a one-off in the past, and a rule too frequent for the plan, are field errors. */
export function scheduleFormSchema(context: { plan: "free" | "pro"; now: number }) {
  return fields
    .superRefine((value, issues) => {
      const add = (path: string, message: string) => issues.addIssue({ code: "custom", path: [path], message });
      if (value.repeat === "once") {
        if (!value.date) add("date", "validation.dateInvalid");
        else if (isTimeZone(value.timeZone) && onceAt({ kind: "once", date: value.date, time: value.time }, value.timeZone) <= context.now)
          add("date", "validation.inThePast");
      }
      if (value.repeat === "weekdays" && value.days.length === 0) add("days", "validation.daysRequired");
      if (value.repeat === "monthly" && value.dayOfMonth === undefined) add("dayOfMonth", "validation.dayInvalid");
      if (value.repeat === "hourly" && !SCHEDULE_LIMITS[context.plan].hourly) add("repeat", "validation.tooOften");
      if (value.tool === "horoscope" && !value.reading) add("reading", "validation.readingRequired");
      if (value.tool === "horoscope" && value.reading && needsSign(value.reading) && !value.sign) add("sign", "validation.signRequired");
    })
    .transform((value) => ({
      name: value.name ?? value.prompt.slice(0, 40),
      prompt: value.prompt,
      tool: value.tool,
      model: value.tool === "chat" ? (value.model ?? null) : null,
      reading: value.tool === "horoscope" ? (value.reading ?? null) : null,
      sign: value.tool === "horoscope" ? (value.sign ?? null) : null,
      rule: ruleOf(value),
      timeZone: value.timeZone,
      delivery: value.delivery,
    }));
}

export type ScheduleFields = z.output<ReturnType<typeof scheduleFormSchema>>;

/** The readings that are about a sign (the others read the stored birth data, the moon or the cards). */
export const needsSign = (reading: string) => ["daily", "love-compatibility", "career-financial"].includes(reading);

function ruleOf(value: z.output<typeof fields>): TimeRule {
  switch (value.repeat) {
    case "once":
      return { kind: "once", date: value.date!, time: value.time };
    case "weekdays":
      return { kind: "weekdays", days: [...new Set(value.days)].sort(), time: value.time };
    case "monthly":
      return { kind: "monthly", day: value.dayOfMonth!, time: value.time };
    default:
      return { kind: value.repeat, time: value.time };
  }
}

/** POST /api/schedules/:id: pause, resume, run now, delete (an edit posts the whole form with intent "update"). */
export const scheduleIntentSchema = z.object({ intent: z.enum(["pause", "resume", "run", "delete", "update"], "validation.invalid") });
