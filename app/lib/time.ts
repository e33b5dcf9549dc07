/** UTC calendar date (YYYY-MM-DD) of an epoch-ms instant: the daily credit bucket. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Epoch ms of the UTC midnight after `epochMs`: when daily credits refill. */
export function nextUtcMidnight(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}

/**
 * A local clock time as `Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" })` writes it in our two
 * languages: "03:05 PM" in English, "15:05" in Turkish. Built from the Date's own fields because the first
 * Intl.DateTimeFormat a page makes loads the browser's locale and time-zone data: 25-45 ms of main thread here
 * (100-180 ms at Lighthouse's mobile CPU), which the credits line paid on every first visit.
 * tests/unit/time.test.ts checks it against Intl for every minute of a day.
 */
export function clockTime(epochMs: number, language: string): string {
  const date = new Date(epochMs);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  if (language.startsWith("tr")) return `${String(hours).padStart(2, "0")}:${minutes}`;
  return `${String(hours % 12 || 12).padStart(2, "0")}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
