/** UTC calendar date (YYYY-MM-DD) of an epoch-ms instant: the daily credit bucket. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Epoch ms of the UTC midnight after `epochMs`: when daily credits refill. */
export function nextUtcMidnight(epochMs: number): number {
  const date = new Date(epochMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}
