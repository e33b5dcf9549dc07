// The daily credit bucket follows the UTC calendar, whatever the server's time zone.
import { describe, expect, it } from "vitest";
import { clockTime, nextUtcMidnight, utcDay } from "../../app/lib/time";

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

describe("clockTime", () => {
  // Every minute of a day in both languages, against what the browser's Intl writes (the form the line used before).
  for (const language of ["en", "tr"]) {
    it(`writes ${language} times as Intl.DateTimeFormat does`, () => {
      const intl = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" });
      const start = new Date(2026, 10, 26, 0, 0).getTime();
      for (let minute = 0; minute < 24 * 60; minute++) {
        const at = start + minute * 60_000;
        expect(clockTime(at, language)).toBe(intl.format(at));
      }
    });
  }

  it("uses the 12-hour clock with AM/PM in English and the 24-hour clock in Turkish", () => {
    const afternoon = new Date(2026, 10, 26, 15, 5).getTime();
    expect(clockTime(afternoon, "en")).toBe("03:05 PM");
    expect(clockTime(afternoon, "tr")).toBe("15:05");
    expect(clockTime(new Date(2026, 10, 26, 0, 30).getTime(), "en")).toBe("12:30 AM");
  });
});
