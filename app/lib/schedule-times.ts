// When a schedule runs next (docs/decisions/0045-schedules.md): its rule is wall-clock time in an IANA zone, read
// with Intl.DateTimeFormat, so a daylight-saving change keeps 08:00 at 08:00. A local time the change skips (02:30 on
// the spring-forward night) runs at the first minute after the gap; one the change repeats runs once, at its first
// occurrence. The next run is always the first one after "now", so a schedule missed while nothing ran runs once.
import type { TimeRule } from "./schedules";
import { zoneClockAt, type ZoneClock } from "./zone-clock";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Wall = Omit<ZoneClock, "second">;

/** The wall clock in `zone` at instant `at` (to the minute). */
export function wallAt(at: number, zone: string): Wall {
  const { second: _second, ...wall } = zoneClockAt(zone, at);
  return wall;
}

/** A wall time as if it were UTC: comparable numbers for wall times. */
const wallNumber = (wall: Pick<Wall, "year" | "month" | "day" | "hour" | "minute">) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/** How far `zone`'s wall clock is ahead of UTC at `at` (whole minutes). */
const offsetAt = (at: number, zone: string) => wallNumber(wallAt(at, zone)) - Math.floor(at / MINUTE) * MINUTE;

/**
 * The instant `zone`'s wall clock shows this date and time: the first one when it shows it twice, the first minute after
 * the gap when it never shows it.
 */
export function instantOf(date: { year: number; month: number; day: number }, time: string, zone: string): number {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = wallNumber({ ...date, hour, minute });
  const before = wall - offsetAt(wall - DAY, zone);
  const after = wall - offsetAt(wall + DAY, zone);
  const matches = [before, after].filter((at) => wallNumber(wallAt(at, zone)) === wall);
  if (matches.length > 0) return Math.min(...matches);
  // Skipped by the change: the change itself (the first instant on the new offset) is the next valid minute.
  let low = Math.min(before, after);
  let high = Math.max(before, after);
  const late = offsetAt(wall + DAY, zone);
  while (high - low > MINUTE) {
    const middle = Math.floor((low + high) / 2 / MINUTE) * MINUTE;
    if (offsetAt(middle, zone) === late) high = middle;
    else low = middle;
  }
  return high;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether the rule runs on this local date (a monthly 31st runs on a shorter month's last day). */
function runsOn(rule: TimeRule, date: { year: number; month: number; day: number; weekday: number }): boolean {
  switch (rule.kind) {
    case "once":
      return false;
    case "hourly":
    case "daily":
      return true;
    case "weekdays":
      return rule.days.includes(date.weekday);
    case "monthly":
      return date.day === Math.min(rule.day, daysInMonth(date.year, date.month));
  }
}

/** The date and time of a one-off, as an instant in `zone`. */
export function onceAt(rule: Extract<TimeRule, { kind: "once" }>, zone: string): number {
  const [year, month, day] = rule.date.split("-").map(Number) as [number, number, number];
  return instantOf({ year, month, day }, rule.time, zone);
}

/** The first run strictly after `after`, or null when there is none (a one-off whose time has passed). */
export function nextRunAfter(rule: TimeRule, zone: string, after: number): number | null {
  if (rule.kind === "once") {
    const at = onceAt(rule, zone);
    return at > after ? at : null;
  }
  if (rule.kind === "hourly") {
    const minute = Number(rule.time.split(":")[1]);
    // Hours are the same length everywhere but for whole-hour zones' changes; the minute is read on the wall clock.
    for (let at = Math.floor(after / MINUTE) * MINUTE + MINUTE; at <= after + 2 * 60 * MINUTE; at += MINUTE) {
      if (wallAt(at, zone).minute === minute) return at;
    }
    return null;
  }
  const start = wallAt(after, zone);
  // Up to 62 days covers every monthly rule (two months); a day at a time, on the calendar, not in 24-hour steps.
  for (let offset = 0; offset < 63; offset++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), weekday: day.getUTCDay() };
    if (!runsOn(rule, date)) continue;
    const at = instantOf(date, rule.time, zone);
    if (at > after) return at;
  }
  return null;
}
