// The schedules' time rules (app/lib/schedule-times.ts): wall-clock time in the person's zone, across daylight saving.
import { describe, expect, it } from "vitest";
import { instantOf, nextRunAfter, wallAt } from "../../app/lib/schedule-times";

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

describe("schedule times", () => {
  it("a daily 08:00 in New York stays at 08:00 across the spring-forward change", () => {
    // 2026-03-08 is the change (02:00 EST → 03:00 EDT).
    const first = nextRunAfter({ kind: "daily", time: "08:00" }, "America/New_York", Date.parse("2026-03-07T14:00:00Z"));
    expect(iso(first)).toBe("2026-03-08T12:00:00.000Z");
    const before = nextRunAfter({ kind: "daily", time: "08:00" }, "America/New_York", Date.parse("2026-03-06T14:00:00Z"));
    expect(iso(before)).toBe("2026-03-07T13:00:00.000Z");
  });

  it("a weekday rule in Berlin keeps its wall time across the autumn change", () => {
    // 2026-10-25 (Sunday) Berlin goes from +02:00 to +01:00; Monday 26th runs at 07:00 local = 06:00 UTC.
    const rule = { kind: "weekdays" as const, days: [1, 3, 5], time: "07:00" };
    expect(iso(nextRunAfter(rule, "Europe/Berlin", Date.parse("2026-10-23T06:00:00Z")))).toBe("2026-10-26T06:00:00.000Z");
    expect(iso(nextRunAfter(rule, "Europe/Berlin", Date.parse("2026-10-21T04:00:00Z")))).toBe("2026-10-21T05:00:00.000Z");
  });

  it("a monthly 31st runs on a short month's last day, across a change", () => {
    const rule = { kind: "monthly" as const, day: 31, time: "09:30" };
    expect(iso(nextRunAfter(rule, "Europe/Berlin", Date.parse("2026-02-01T00:00:00Z")))).toBe("2026-02-28T08:30:00.000Z");
    expect(iso(nextRunAfter(rule, "Europe/Berlin", Date.parse("2026-03-01T00:00:00Z")))).toBe("2026-03-31T07:30:00.000Z");
    expect(iso(nextRunAfter(rule, "Europe/Berlin", Date.parse("2026-04-01T00:00:00Z")))).toBe("2026-04-30T07:30:00.000Z");
  });

  it("a time the spring change skips runs at the next valid minute; a repeated one runs once", () => {
    const skipped = instantOf({ year: 2026, month: 3, day: 8 }, "02:30", "America/New_York");
    expect(iso(skipped)).toBe("2026-03-08T07:00:00.000Z");
    expect(wallAt(skipped, "America/New_York")).toMatchObject({ hour: 3, minute: 0 });
    // 2026-11-01 01:30 happens twice in New York: the first (EDT) is the run, and the next is the day after.
    const rule = { kind: "daily" as const, time: "01:30" };
    const run = nextRunAfter(rule, "America/New_York", Date.parse("2026-11-01T00:00:00Z"));
    expect(iso(run)).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(nextRunAfter(rule, "America/New_York", run!))).toBe("2026-11-02T06:30:00.000Z");
  });

  it("a missed schedule's next run is the first after now, once; a past one-off has none", () => {
    const rule = { kind: "daily" as const, time: "08:00" };
    const afterOutage = Date.parse("2026-06-10T09:00:00Z");
    expect(iso(nextRunAfter(rule, "Europe/Istanbul", afterOutage))).toBe("2026-06-11T05:00:00.000Z");
    expect(nextRunAfter({ kind: "once", date: "2026-06-01", time: "08:00" }, "Europe/Istanbul", afterOutage)).toBeNull();
    expect(iso(nextRunAfter({ kind: "hourly", time: "00:15" }, "Asia/Kolkata", Date.parse("2026-06-10T09:00:00Z")))).toBe("2026-06-10T09:45:00.000Z");
  });
});
