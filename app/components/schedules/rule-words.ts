// A schedule's time rule in words (docs/decisions/0045-schedules.md): its row on /schedules and a chat's proposal card.
import type { TimeRule } from "~/lib/schedules";

export type T = (key: string, values?: Record<string, unknown>) => string;

/** The rule as a sentence in the person's language. */
export function ruleInWords(t: T, language: string, rule: TimeRule): string {
  switch (rule.kind) {
    case "once":
      return t("words.once", { date: rule.date, time: rule.time });
    case "hourly":
      return t("words.hourly", { minute: rule.time.slice(3) });
    case "daily":
      return t("words.daily", { time: rule.time });
    case "weekdays": {
      const names = new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(
        rule.days.map((day) => new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 7 + day))),
      );
      return t("words.weekdays", { days: names, time: rule.time });
    }
    case "monthly":
      return t("words.monthly", { day: rule.day, time: rule.time });
  }
}
