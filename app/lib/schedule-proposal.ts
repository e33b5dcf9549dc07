// Schedules made in words (docs/decisions/0045-schedules.md, "Made in words"): a plain en/tr sentence such as
// "remind me every weekday at 8 to stretch" or "her gün 7'de günlük burcumu gönder" read as a proposed schedule.
// It recognises plain patterns only; the answer shows the proposal as a card, and nothing is scheduled before the
// person presses "Create schedule". A pure function of the question, so the card is the same after a reload and
// whichever provider answered (no extra model call).
import type { TimeRule } from "./schedules";
import { TURKISH_SIGN_NAMES, ZODIAC_SIGNS } from "./horoscope-options";

export interface ScheduleProposal {
  prompt: string;
  tool: "chat" | "horoscope";
  /** For the horoscope tool: the daily reading, with a sign when the sentence names one. */
  reading?: "daily";
  sign?: string;
  rule: Exclude<TimeRule, { kind: "once" } | { kind: "hourly" }>;
}

const LETTER = "a-zçğıöşü";
const END = `(?![${LETTER}])`;
const EN_DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const TR_DAYS = ["pazar", "pazartesi", "salı", "çarşamba", "perşembe", "cuma", "cumartesi"];
/** A request, not a question: "what time is it at 8" or "what do I do every day at 8?" proposes nothing. */
const ASKS = new RegExp(`\\b(remind|send|give|tell|text|notify|brief)\\b|(?<![${LETTER}])(hatırlat|gönder|ver|yolla|söyle|bildir)[${LETTER}]*${END}`, "iu");
const HOROSCOPE = /horoscope|burc|burç/i;

const longestFirst = (names: readonly string[]) => [...names].sort((a, b) => b.length - a.length).join("|");
/** "every Monday and Thursday", "her pazartesi ve perşembe" (a suffix such as "pazartesileri" allowed). */
const dayList = (every: string, names: readonly string[], suffix: string) => {
  const one = `(?:${longestFirst(names)})${suffix}${END}`;
  return new RegExp(`\\b${every}\\s+${one}(?:\\s*(?:,|and|ve)\\s*${one})*`, "iu");
};
const EN_WEEKDAY_LIST = dayList("every", EN_DAYS, "s?");
const TR_WEEKDAY_LIST = dayList("her", TR_DAYS, `[${LETTER}]*`);

interface Found {
  rule: { kind: "daily" } | { kind: "weekdays"; days: number[] } | { kind: "monthly"; day: number };
  match: string;
}

function findRule(text: string): Found | null {
  const weekdays = /\bevery\s+weekdays?\b|\bon\s+weekdays\b|\bher\s+hafta\s+içi\b|\bhafta\s+içi\s+her\s+gün\b/iu.exec(text);
  if (weekdays) return { rule: { kind: "weekdays", days: [1, 2, 3, 4, 5] }, match: weekdays[0] };
  const monthly =
    /\bevery\s+month\s+on\s+the\s+(\d{1,2})(?:st|nd|rd|th)?\b|\bon\s+the\s+(\d{1,2})(?:st|nd|rd|th)?\s+of\s+every\s+month\b|\bher\s+ayın\s+(\d{1,2})['’.]?(?:[${LETTER}]*)/iu.exec(
      text,
    );
  const day = monthly && Number(monthly[1] ?? monthly[2] ?? monthly[3]);
  if (monthly && day && day >= 1 && day <= 31) return { rule: { kind: "monthly", day }, match: monthly[0] };
  for (const [pattern, names] of [
    [TR_WEEKDAY_LIST, TR_DAYS],
    [EN_WEEKDAY_LIST, EN_DAYS],
  ] as const) {
    const found = pattern.exec(text);
    if (!found) continue;
    const lower = names === TR_DAYS ? found[0].toLocaleLowerCase("tr") : found[0].toLowerCase();
    const days = [...lower.matchAll(new RegExp(longestFirst(names), "gu"))].map((hit) => names.indexOf(hit[0])).filter((index) => index >= 0);
    if (days.length) return { rule: { kind: "weekdays", days: [...new Set(days)].sort() }, match: found[0] };
  }
  const daily = /\bevery\s+(?:day|morning)\b|\bdaily\b|\beach\s+day\b|\bher\s+(?:gün|sabah)(?![${LETTER}])|\bgünlük(?![${LETTER}])/iu.exec(text);
  if (daily) return { rule: { kind: "daily" }, match: daily[0] };
  return null;
}

function findTime(text: string): { time: string; match: string } | null {
  const en = /\bat\s+(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:])/i.exec(text);
  const tr = new RegExp(`(?:\\bsaat\\s+)?(\\d{1,2})(?:[:.](\\d{2}))?['’]?(?:d|t)[ae]${END}`, "iu").exec(text);
  const found = en ?? tr;
  if (!found) return null;
  let hour = Number(found[1]);
  const minute = Number(found[2] ?? 0);
  const half = en ? found[3]?.toLowerCase().replace(/\./g, "") : undefined;
  if (half === "pm" && hour < 12) hour += 12;
  if (half === "am" && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`, match: found[0] };
}

function findSign(text: string): string | undefined {
  const lower = text.toLocaleLowerCase("tr");
  const en = ZODIAC_SIGNS.find((sign) => new RegExp(`\\b${sign}\\b`, "i").test(text));
  if (en) return en;
  const tr = Object.keys(TURKISH_SIGN_NAMES).find((word) => new RegExp(`(?<![${LETTER}])${word}(?![${LETTER}])`, "u").test(lower));
  return tr && TURKISH_SIGN_NAMES[tr];
}

/** The schedule a sentence asks for, or null when it is not a plain "every …/at …" request. */
export function proposeSchedule(message: string): ScheduleProposal | null {
  const text = message.trim();
  if (!text || text.length > 300 || text.includes("\n") || text.endsWith("?")) return null;
  if (!ASKS.test(text)) return null;
  const found = findRule(text);
  const at = findTime(text);
  if (!found || !at) return null;
  const rest = text
    .replace(found.match, " ")
    .replace(at.match, " ")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!]+$/, "");
  const prompt = rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
  if (!prompt) return null;
  const rule = { ...found.rule, time: at.time } as ScheduleProposal["rule"];
  if (HOROSCOPE.test(text)) {
    const sign = findSign(text);
    return { prompt, tool: "horoscope", reading: "daily", ...(sign ? { sign } : {}), rule };
  }
  return { prompt, tool: "chat", rule };
}

/** The proposal as the fields the schedule form posts (app/lib/schemas/schedules.ts). */
export function proposalFields(proposal: ScheduleProposal, timeZone: string): Record<string, string | string[]> {
  const { rule } = proposal;
  return {
    prompt: proposal.prompt,
    tool: proposal.tool,
    ...(proposal.reading ? { reading: proposal.reading } : {}),
    ...(proposal.sign ? { sign: proposal.sign } : {}),
    repeat: rule.kind,
    time: rule.time,
    ...(rule.kind === "weekdays" ? { days: rule.days.map(String) } : {}),
    ...(rule.kind === "monthly" ? { dayOfMonth: String(rule.day) } : {}),
    timeZone,
    delivery: "push",
  };
}
