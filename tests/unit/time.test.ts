// The daily credit bucket follows the UTC calendar, whatever the server's time zone.
import { describe, expect, it } from "vitest";
import { nextUtcMidnight, utcDay } from "../../app/lib/time";

describe("utcDay", () => {
  it("formats the UTC date", () => {
    expect(utcDay(Date.UTC(2026, 0, 5, 12))).toBe("2026-01-05");
  });

  it("changes exactly at UTC midnight", () => {
    const midnight = Date.UTC(2026, 2, 1);
    expect(utcDay(midnight - 1)).toBe("2026-02-28");
    expect(utcDay(midnight)).toBe("2026-03-01");
  });
});

describe("nextUtcMidnight", () => {
  it("is the start of the next UTC day", () => {
    expect(nextUtcMidnight(Date.UTC(2026, 4, 10, 23, 59, 59, 999))).toBe(Date.UTC(2026, 4, 11));
    expect(nextUtcMidnight(Date.UTC(2026, 4, 10, 0, 0, 0, 1))).toBe(Date.UTC(2026, 4, 11));
  });

  it("at midnight itself, points to the following midnight", () => {
    expect(nextUtcMidnight(Date.UTC(2026, 4, 11))).toBe(Date.UTC(2026, 4, 12));
  });

  it("rolls over months, years and leap days", () => {
    expect(nextUtcMidnight(Date.UTC(2026, 11, 31, 18))).toBe(Date.UTC(2027, 0, 1));
    expect(nextUtcMidnight(Date.UTC(2028, 1, 28, 18))).toBe(Date.UTC(2028, 1, 29));
  });
});
