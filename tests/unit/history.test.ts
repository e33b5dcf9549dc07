// Decision 0017: history groups follow the viewer's local calendar day, not UTC's.
import { describe, expect, it } from "vitest";
import { groupThreads, historyGroupOf, isTimeZone } from "../../app/lib/history";

const ISTANBUL = "Europe/Istanbul"; // UTC+3 all year

describe("historyGroupOf at UTC+3 near midnight", () => {
  // 2026-03-10 00:30 in Istanbul is 2026-03-09 21:30 UTC.
  const now = Date.UTC(2026, 2, 9, 21, 30);

  it("a chat at 00:10 local time (still the previous day in UTC) is today", () => {
    const updatedAt = Date.UTC(2026, 2, 9, 21, 10);
    expect(historyGroupOf(updatedAt, now, ISTANBUL)).toBe("today");
    // The old UTC grouping agreed only by accident of the hour; it is the next case that it got wrong.
    expect(historyGroupOf(updatedAt, now, "UTC")).toBe("today");
  });

  it("a chat at 23:50 local time yesterday is not today, although it is the same UTC day as now", () => {
    const updatedAt = Date.UTC(2026, 2, 9, 20, 50);
    expect(historyGroupOf(updatedAt, now, ISTANBUL)).toBe("previous7");
    expect(historyGroupOf(updatedAt, now, "UTC")).toBe("today");
  });

  it("a chat at 01:00 local time today, seen at 02:00, is today (it was 22:00 UTC the day before)", () => {
    const seenAt = Date.UTC(2026, 2, 9, 23, 0);
    const updatedAt = Date.UTC(2026, 2, 9, 22, 0);
    expect(historyGroupOf(updatedAt, seenAt, ISTANBUL)).toBe("today");
    const earlier = Date.UTC(2026, 2, 9, 20, 59); // 23:59 local, the day before
    expect(historyGroupOf(earlier, seenAt, ISTANBUL)).toBe("previous7");
  });

  it("counts 7 and 30 local days for the later groups", () => {
    const day = 86_400_000;
    const startOfLocalToday = Date.UTC(2026, 2, 9, 21, 0);
    expect(historyGroupOf(startOfLocalToday - 7 * day, now, ISTANBUL)).toBe("previous7");
    expect(historyGroupOf(startOfLocalToday - 7 * day - 1, now, ISTANBUL)).toBe("lastMonth");
    expect(historyGroupOf(startOfLocalToday - 30 * day, now, ISTANBUL)).toBe("lastMonth");
    expect(historyGroupOf(startOfLocalToday - 30 * day - 1, now, ISTANBUL)).toBe("older");
  });
});

describe("groupThreads", () => {
  it("orders the groups as docs/product.md §2 lists them and leaves out empty ones", () => {
    const now = Date.UTC(2026, 2, 9, 21, 30);
    const threads = [
      { id: "a", updatedAt: Date.UTC(2026, 2, 9, 21, 10) },
      { id: "b", updatedAt: Date.UTC(2026, 2, 9, 20, 50) },
      { id: "c", updatedAt: Date.UTC(2025, 0, 1) },
    ];
    expect(groupThreads(threads, now, ISTANBUL).map(({ group, threads: items }) => [group, items.map((item) => item.id)])).toEqual([
      ["today", ["a"]],
      ["previous7", ["b"]],
      ["older", ["c"]],
    ]);
  });

  it("falls back to UTC for a zone Intl does not know (it comes from a cookie)", () => {
    const now = Date.UTC(2026, 2, 9, 21, 30);
    const threads = [{ id: "b", updatedAt: Date.UTC(2026, 2, 9, 20, 50) }];
    expect(groupThreads(threads, now, "Mars/Olympus")[0]?.group).toBe("today");
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("x".repeat(100))).toBe(false);
    expect(isTimeZone(ISTANBUL)).toBe(true);
  });
});
