// A zone's wall clock at an instant, read with Intl.DateTimeFormat (the tz database's historic rules): shared by the
// birth chart's local-to-UTC conversion (horoscope/places.ts) and the schedules' next run (schedule-times.ts).
export interface ZoneClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 for Sunday. */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    const fields = { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" } as const;
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", weekday: "short", ...fields });
    formatters.set(zone, format);
  }
  return format;
}

/** What clocks in `zone` showed at the instant `at` (milliseconds since the epoch). */
export function zoneClockAt(zone: string, at: number): ZoneClock {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    // Some engines write midnight as 24 even with h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}
