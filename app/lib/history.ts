// SPEC §2/§9: chat history groups Today, Previous 7 Days, Last Month, Other Days.
export type HistoryGroup = "today" | "previous7" | "lastMonth" | "older";
export const HISTORY_GROUPS: HistoryGroup[] = ["today", "previous7", "lastMonth", "older"];

const DAY_MS = 86_400_000;

/** Groups by calendar day relative to `now` (both epoch ms), in the viewer's time zone offset (minutes, as Date#getTimezoneOffset). */
export function historyGroupOf(updatedAt: number, now: number, timezoneOffsetMinutes = 0): HistoryGroup {
  const shift = timezoneOffsetMinutes * 60_000;
  const startOfToday = Math.floor((now - shift) / DAY_MS) * DAY_MS + shift;
  if (updatedAt >= startOfToday) return "today";
  if (updatedAt >= startOfToday - 7 * DAY_MS) return "previous7";
  if (updatedAt >= startOfToday - 30 * DAY_MS) return "lastMonth";
  return "older";
}

export function groupThreads<T extends { updatedAt: number }>(threads: T[], now: number, timezoneOffsetMinutes = 0) {
  const groups = new Map<HistoryGroup, T[]>(HISTORY_GROUPS.map((group) => [group, []]));
  for (const thread of threads) groups.get(historyGroupOf(thread.updatedAt, now, timezoneOffsetMinutes))?.push(thread);
  return HISTORY_GROUPS.map((group) => ({ group, threads: groups.get(group) ?? [] })).filter((entry) => entry.threads.length > 0);
}
