// The words of a horoscope reading in one language: names, dates and the shared sentences, filled from the horoscope
// locale file (the same placeholders the locale files use everywhere).
import type { Locale } from "../../lib/constants";
import { ZODIAC_SIGNS, type ZodiacSign } from "../../lib/schemas/horoscope";
import { resources } from "../i18n";
import type { PhotoFacts } from "../images/photo-facts";
import type { BirthChart, SkyFacts } from "./astronomy";
import type { DrawnCard } from "./tarot";

export type HoroscopeStrings = (typeof resources)["en"]["horoscope"];
export const horoscopeStrings: Record<Locale, HoroscopeStrings> = { en: resources.en.horoscope, tr: resources.tr.horoscope };

/** Replaces {{name}} with its value (the same placeholders the locale files use everywhere). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

const ELEMENTS = ["fire", "earth", "air", "water"] as const;
type Element = (typeof ELEMENTS)[number];
export const elementOf = (sign: ZodiacSign): Element => ELEMENTS[ZODIAC_SIGNS.indexOf(sign) % 4]!;

/** Same element: harmonious; fire-air and earth-water: complementary; otherwise challenging. */
export function relationOf(a: ZodiacSign, b: ZodiacSign): "same" | "complementary" | "challenging" {
  const [x, y] = [elementOf(a), elementOf(b)];
  if (x === y) return "same";
  const pair = [x, y].sort().join("-");
  return pair === "air-fire" || pair === "earth-water" ? "complementary" : "challenging";
}

export function phaseGroup(phase: SkyFacts["moon"]["phase"]): "new" | "waxing" | "full" | "waning" {
  if (phase === "new-moon") return "new";
  if (phase === "full-moon") return "full";
  return phase.startsWith("waxing") || phase === "first-quarter" ? "waxing" : "waning";
}

/** Words for the facts in one language: names, dates (UTC, as the facts are) and the shared sentences. */
export function wordsFor(locale: Locale) {
  const s = horoscopeStrings[locale];
  const dateFormat = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
  const date = (iso: string) => dateFormat.format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
  const card = ({ card: drawn }: DrawnCard) =>
    drawn.arcana === "major" ? s.tarot.majors[drawn.id] : fill(s.tarot.minor, { rank: s.tarot.ranks[drawn.rank], suit: s.tarot.suits[drawn.suit] });
  const phase = (sky: SkyFacts) => s.phases[sky.moon.phase].toLocaleLowerCase(locale);
  const sky = (facts: SkyFacts) =>
    fill(s.demo.sky, {
      phase: phase(facts),
      illumination: facts.moon.illumination.toLocaleString(locale, { maximumFractionDigits: 1 }),
      moonSign: s.signs[facts.moon.sign],
      sunSign: s.signs[facts.sunSign],
    });
  const retro = (facts: SkyFacts) =>
    facts.retrograde.length === 0
      ? s.demo.retroNone
      : fill(s.demo.retroSome, {
          list: facts.retrograde
            .map((entry) =>
              fill(entry.directOn ? s.demo.retroItem : s.demo.retroItemOpen, {
                planet: s.planets[entry.planet],
                sign: s.signs[entry.sign],
                date: entry.directOn ? date(entry.directOn) : "",
              }),
            )
            .join("; "),
        });
  const placements = (chart: BirthChart, template: string) =>
    chart.placements.map((entry) => fill(template, { planet: s.planets[entry.planet], sign: s.signs[entry.sign], degree: entry.degree.toFixed(1) }));
  const born = (chart: BirthChart, utcOffset: number) => {
    if (!chart.timeKnown) return fill(s.question.bornDay, { date: date(chart.at) });
    const local = new Date(Date.parse(chart.at) + utcOffset * 60_000).toISOString();
    const sign = utcOffset < 0 ? "-" : "+";
    const offset = `${sign}${String(Math.floor(Math.abs(utcOffset) / 60)).padStart(2, "0")}:${String(Math.abs(utcOffset) % 60).padStart(2, "0")}`;
    return fill(s.question.bornAt, { date: date(local.slice(0, 10)), time: timeFormat.format(new Date(local)), offset });
  };
  return { s, date, card, phase, sky, retro, placements, born };
}

export type Words = ReturnType<typeof wordsFor>;

/** Blockquoted, so whatever the person typed is shown as text inside the reading. */
export const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** What the demo says it saw in the cup's photo: its size and dominant tone, read from the pixels (decision 0030). */
export function photoLine(photo: PhotoFacts | null, locale: Locale): string {
  const { s } = wordsFor(locale);
  if (!photo) return s.demo.photoUnread;
  const size = { width: photo.width.toLocaleString(locale), height: photo.height.toLocaleString(locale) };
  if (!photo.tone) return fill(s.demo.photoSize, size);
  return fill(s.demo.photoTone, { ...size, tone: s.demo.tones[photo.tone.name], hex: photo.tone.hex, meaning: s.demo.toneMeanings[photo.tone.name] });
}
