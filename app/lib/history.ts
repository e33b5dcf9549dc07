// docs/product.md §2/§9: chat history groups Today, Previous 7 Days, Last Month, Other Days, counted in the viewer's own
// calendar days (their time zone), not UTC's: a chat at 01:00 in Istanbul belongs to that day (decision 0017).
export type HistoryGroup = "today" | "previous7" | "lastMonth" | "older";
export const HISTORY_GROUPS: HistoryGroup[] = ["today", "previous7", "lastMonth", "older"];

const DAY_MS = 86_400_000;
export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA zone name Intl knows (the value comes from a cookie, so anything may arrive). */
export function isTimeZone(value: string | undefined): value is string {
  if (!value || value.length > 64) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of `epochMs` in `timeZone`, as a day count (so two days subtract); DST-safe. */
export function localDayNumber(epochMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS;
}

/** The group of a thread last updated at `updatedAt`, seen at `now` (both epoch ms) in `timeZone`. */
export function historyGroupOf(updatedAt: number, now: number, timeZone: string = DEFAULT_TIME_ZONE): HistoryGroup {
  const daysAgo = localDayNumber(now, timeZone) - localDayNumber(updatedAt, timeZone);
  if (daysAgo <= 0) return "today";
  if (daysAgo <= 7) return "previous7";
  if (daysAgo <= 30) return "lastMonth";
  return "older";
}

export function groupThreads<T extends { updatedAt: number }>(threads: T[], now: number, timeZone: string = DEFAULT_TIME_ZONE) {
  // Nothing to group (every first visit): the zone's formatter is not built, which costs ~30 ms of hydration.
  if (threads.length === 0) return [];
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const groups = new Map<HistoryGroup, T[]>(HISTORY_GROUPS.map((group) => [group, []]));
  for (const thread of threads) groups.get(historyGroupOf(thread.updatedAt, now, zone))?.push(thread);
  return HISTORY_GROUPS.map((group) => ({ group, threads: groups.get(group) ?? [] })).filter((entry) => entry.threads.length > 0);
}

/** Where a thread is read: its tool's page (the history panel's links, and a notification's link to a finished answer). */
export function threadPath(thread: { id: string; tool: string; toolPath: string | null }): string {
  if (thread.tool === "horoscope" && thread.toolPath) return `/horoscope/${thread.toolPath}/${thread.id}`;
  if (thread.tool === "web-search") return `/web-search/${thread.id}`;
  return `/web-main/${thread.id}`;
}
