// A horoscope turn, built on the server from the validated form: the real sky (astronomy.ts) and the type's own
// facts (a birth chart, three tarot cards) go to the model as instructions; the saved question is a readable
// summary of the request in the user's language; offline, the demo provider's reading is a translated template
// filled with the same facts (labelled "Demo model", never presented as AI). What differs by type is in
// reading-types.ts, one record per type.
import type { Locale } from "../../lib/constants";
import type { HoroscopeInput } from "../../lib/schemas/horoscope";
import type { HoroscopeType } from "../../lib/tools";
import { QUESTION_SLOT } from "../chat/turn/demo";
import type { ToolTurn } from "../chat/turn/types";
import { resources } from "../i18n";
import type { PhotoFacts } from "../images/photo-facts";
import { skyNow, type SkyFacts } from "./astronomy";
import { READING_TYPES, readingTypeOf, type Extras } from "./reading-types";
import { fill, phaseGroup, photoLine, quote, wordsFor } from "./words";

/** The demo provider's reading: the type's template filled with the computed facts, in the user's language. */
export function demoReading(input: HoroscopeInput, extras: Extras, sky: SkyFacts, locale: Locale, photo: PhotoFacts | null = null): string {
  const w = wordsFor(locale);
  const { s } = w;
  const advice = s.demo.phaseAdvice[phaseGroup(sky.moon.phase)];
  const next = sky.moon.nextQuarters[0]!;
  const nextQuarter = fill(s.demo.nextQuarter, { phase: s.phases[next.phase].toLocaleLowerCase(locale), date: w.date(next.at) });
  const mercuryRetro = sky.retrograde.some((entry) => entry.planet === "mercury");
  const common = { sky: w.sky(sky), retro: w.retro(sky), advice, date: w.date(sky.at), nextQuarter };
  const body = readingTypeOf(input).demo(input, { w, extras, sky, locale, photo, common, mercuryRetro });
  return `${fill(s.demo.label, { date: w.date(sky.at) })}\n\n${body}`;
}

function demoFollowUp(question: string, sky: SkyFacts, locale: Locale): string {
  const w = wordsFor(locale);
  return `${fill(w.s.demo.label, { date: w.date(sky.at) })}\n\n${fill(w.s.demo.followUp, { question: quote(question), sky: w.sky(sky), retro: w.retro(sky) })}`;
}

const LANGUAGE_NAME: Record<Locale, string> = { en: "English", tr: "Turkish" };

/** The facts as plain English lines for the model (names from the English locale file). */
function factLines(type: HoroscopeType, sky: SkyFacts, input: HoroscopeInput | null, extras: Extras): string[] {
  const w = wordsFor("en");
  const { s } = w;
  const lines = [
    `Moment: ${sky.at} (UTC).`,
    `Moon: ${s.phases[sky.moon.phase]}, ${sky.moon.illumination}% illuminated, in ${s.signs[sky.moon.sign]} (elongation ${sky.moon.angle}°).`,
    `Next moon quarters: ${sky.moon.nextQuarters.map((quarter) => `${s.phases[quarter.phase]} ${quarter.at.slice(0, 16).replace("T", " ")} UTC`).join("; ")}.`,
    `Sun: in ${s.signs[sky.sunSign]}.`,
    sky.retrograde.length === 0
      ? "Retrograde planets: none."
      : `Retrograde planets: ${sky.retrograde.map((entry) => `${s.planets[entry.planet]} in ${s.signs[entry.sign]}${entry.directOn ? ` (stations direct about ${entry.directOn})` : ""}`).join("; ")}.`,
    ...(READING_TYPES[type].skyFacts?.(sky) ?? []),
  ];
  if (!input) return lines;
  return [...lines, ...(readingTypeOf(input).inputFacts?.(input, w, extras, sky) ?? [])];
}

function instructionsFor(type: HoroscopeType, locale: Locale, facts: string[], followUp: boolean): string {
  return [
    `You are the astrologer of a consumer app, writing a "${resources.en.tools.horoscope.types[type].title}" reading.`,
    READING_TYPES[type].guidance,
    `Answer in ${LANGUAGE_NAME[locale]}, in Markdown, about 150 to 300 words, warm and concrete.`,
    "Astrology here is for reflection and entertainment: never present it as certain, and give no medical, legal or financial advice.",
    "Astronomical facts computed by the server with an ephemeris (rely on them and never contradict them):",
    ...facts.map((line) => `- ${line}`),
    followUp ? "The conversation's first user message summarises the reading's request. Answer follow-up questions in that context." : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The tool part of a horoscope turn. With `input` (the type's form) it is a new reading; without, a later turn in a
 * reading's thread of that type, whose instructions carry the sky of now.
 */
export function horoscopeTurn(options: { type: HoroscopeType; input?: HoroscopeInput; locale: Locale; seed: string; now?: number }): ToolTurn {
  const { type, input, locale, seed } = options;
  const now = options.now ?? Date.now();
  const sky = skyNow(now);
  const extras = input ? (readingTypeOf(input).extras?.(input, seed, now) ?? {}) : {};
  const turn: ToolTurn = {
    tool: "horoscope",
    toolPath: type,
    action: "horoscope",
    kind: "chat",
    instructions: instructionsFor(type, locale, factLines(type, sky, input ?? null, extras), !input),
    demo: { text: demoFollowUp(QUESTION_SLOT, sky, locale), question: "quoted" },
  };
  if (input) {
    const question = readingTypeOf(input).question(input, wordsFor(locale), extras, sky);
    // A cup's photo is read in the account's object, where the upload is (chat/turn/demo.ts).
    const photo = input.type === "coffee" ? { unread: photoLine(null, locale), locale } : undefined;
    turn.opening = { question, title: question.split("\n")[0] ?? question, demo: { text: demoReading(input, extras, sky, locale), photo } };
    if (input.type === "coffee") turn.photoId = input.photoId;
  }
  return turn;
}

/** The sky facts as the page shows them, worded and dated here so the server and the browser render the same text. */
export interface SkyView {
  /** "2026-05-10 14:00" (UTC). */
  at: string;
  phase: { key: SkyFacts["moon"]["phase"]; name: string };
  illumination: string;
  moonSign: string;
  sunSign: string;
  quarters: { name: string; date: string }[];
  retrograde: { planet: string; sign: string; directOn: string | null }[];
  nextMercury: string | null;
}

export function skyView(sky: SkyFacts, locale: Locale): SkyView {
  const w = wordsFor(locale);
  const { s } = w;
  const dayTime = (iso: string) => `${w.date(iso)}, ${iso.slice(11, 16)}`;
  return {
    at: `${sky.at.slice(0, 10)} ${sky.at.slice(11, 16)}`,
    phase: { key: sky.moon.phase, name: s.phases[sky.moon.phase] },
    illumination: sky.moon.illumination.toLocaleString(locale, { maximumFractionDigits: 1 }),
    moonSign: s.signs[sky.moon.sign],
    sunSign: s.signs[sky.sunSign],
    quarters: sky.moon.nextQuarters.map((quarter) => ({ name: s.phases[quarter.phase], date: dayTime(quarter.at) })),
    retrograde: sky.retrograde.map((entry) => ({
      planet: s.planets[entry.planet],
      sign: s.signs[entry.sign],
      directOn: entry.directOn ? w.date(entry.directOn) : null,
    })),
    nextMercury: sky.nextMercuryRetrograde ? w.date(sky.nextMercuryRetrograde) : null,
  };
}
