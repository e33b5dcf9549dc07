// How "Download my data" writes values (README "Download my data"): times as ISO 8601 in UTC, the day that starts a
// file's name (so an archive reads the same wherever it was made and its files sort by date), JSON files, and names
// the person chose made safe as file names.

/** An epoch time as ISO 8601 (UTC); null stays null (a date that never happened, such as a session never seen). */
export function isoTime(epochMs: number): string;
export function isoTime(epochMs: number | null): string | null;
export function isoTime(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

/** The UTC day of an epoch time, `YYYY-MM-DD`: the start of an exported file's name, so files sort by date. */
export const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** A JSON file of the archive: indented, ending in a newline. */
export const jsonFile = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A name the person chose, as part of a file or folder name: letters, digits, `.`, `_` and `-`, at most `max`. */
export const safeFileName = (name: string, max: number) => name.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, max);
