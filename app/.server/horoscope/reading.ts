// A horoscope turn, built on the server from the validated form: the real sky (astronomy.ts) and the type's own
// facts (a birth chart, three tarot cards) go to the model as instructions; the saved question is a readable
// summary of the request in the user's language; offline, the demo provider's reading is a translated template
// filled with the same facts (labelled "Demo model", never presented as AI).
import type { Locale } from "../../lib/constants";
import { ZODIAC_SIGNS, type HoroscopeInput, type ZodiacSign } from "../../lib/schemas/horoscope";
import type { HoroscopeType } from "../../lib/tools";
import type { ToolTurn } from "../chat/turn-types";
import { resources } from "../i18n";
import type { PhotoFacts } from "../images/photo-facts";
import { birthChart, longitude, signOf, skyNow, type BirthChart, type SkyFacts } from "./astronomy";
import { degreesInSign, formatDegrees, natalChart, type NatalChart } from "./chart";
import { findPlace, type Place } from "./places";
import { drawCards, type DrawnCard } from "./tarot";

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

function phaseGroup(phase: SkyFacts["moon"]["phase"]): "new" | "waxing" | "full" | "waning" {
  if (phase === "new-moon") return "new";
  if (phase === "full-moon") return "full";
  return phase.startsWith("waxing") || phase === "first-quarter" ? "waxing" : "waning";
}

/** Words for the facts in one language: names, dates (UTC, as the facts are) and the shared sentences. */
function wordsFor(locale: Locale) {
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

/** What the form's type adds to the shared sky facts. */
interface Extras {
  cards?: DrawnCard[];
  chart?: BirthChart;
  /** The same birth read in its place's zone: the offset used, the Ascendant and the place. */
  natal?: NatalChart;
  place?: Place;
  venusSign?: ZodiacSign;
}

function extrasFor(input: HoroscopeInput, seed: string, now: number): Extras {
  switch (input.type) {
    case "tarot":
      return { cards: drawCards(seed) };
    case "birth-chart": {
      // toolTurnFor has checked that the place is on the list.
      const place = findPlace(input.placeId)!;
      const natal = natalChart(input, place);
      return { chart: birthChart({ ...input, utcOffset: natal.utcOffset }), natal, place };
    }
    case "love-compatibility":
      return { venusSign: signOf(longitude("venus", new Date(now))) };
    default:
      return {};
  }
}

/** The saved (and shown) question: the request in the user's words, plain text. */
function questionFor(input: HoroscopeInput, extras: Extras, sky: SkyFacts, locale: Locale): string {
  const w = wordsFor(locale);
  const { s } = w;
  switch (input.type) {
    case "daily":
      return fill(s.question.daily, { sign: s.signs[input.sign] });
    case "tarot": {
      const cards = (extras.cards ?? [])
        .map((drawn) =>
          fill(s.question.cardItem, {
            position: s.tarot.positions[drawn.position],
            card: w.card(drawn),
            orientation: drawn.reversed ? s.tarot.reversed : s.tarot.upright,
          }),
        )
        .join(" · ");
      return [s.question.tarot, input.question ? fill(s.question.questionLine, { text: input.question }) : null, fill(s.question.cardsLine, { cards })]
        .filter(Boolean)
        .join("\n");
    }
    case "coffee":
      return [s.question.coffee, input.question ? fill(s.question.questionLine, { text: input.question }) : null].filter(Boolean).join("\n");
    case "birth-chart": {
      const chart = extras.chart!;
      return [
        fill(s.question["birth-chart"], { when: w.born(chart, extras.natal?.utcOffset ?? 0) }),
        fill(s.question.placementsLine, { list: w.placements(chart, s.question.placementItem).join(" · ") }),
      ].join("\n");
    }
    case "love-compatibility":
      return fill(s.question["love-compatibility"], { sign: s.signs[input.sign], partner: s.signs[input.partnerSign] });
    case "moon-tracking":
    case "retro-tracking":
      return fill(s.question[input.type], { date: w.date(sky.at) });
    case "ritual-meditation":
      return [s.question["ritual-meditation"], fill(s.question.intentionLine, { text: input.intention })].join("\n");
    case "career-financial":
      return [fill(s.question["career-financial"], { sign: s.signs[input.sign] }), fill(s.question.focusLine, { focus: s.focuses[input.focus] })].join("\n");
  }
}

/** Blockquoted, so whatever the person typed is shown as text inside the reading. */
const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** What the demo says it saw in the cup's photo: its size and dominant tone, read from the pixels (decision 0030). */
function photoLine(photo: PhotoFacts | null, locale: Locale): string {
  const { s } = wordsFor(locale);
  if (!photo) return s.demo.photoUnread;
  const size = { width: photo.width.toLocaleString(locale), height: photo.height.toLocaleString(locale) };
  if (!photo.tone) return fill(s.demo.photoSize, size);
  return fill(s.demo.photoTone, { ...size, tone: s.demo.tones[photo.tone.name], hex: photo.tone.hex, meaning: s.demo.toneMeanings[photo.tone.name] });
}

/** The demo provider's reading: the type's template filled with the computed facts, in the user's language. */
export function demoReading(input: HoroscopeInput, extras: Extras, sky: SkyFacts, locale: Locale, photo: PhotoFacts | null = null): string {
  const w = wordsFor(locale);
  const { s } = w;
  const sign = "sign" in input ? s.signs[input.sign] : "";
  const advice = s.demo.phaseAdvice[phaseGroup(sky.moon.phase)];
  const next = sky.moon.nextQuarters[0]!;
  const nextQuarter = fill(s.demo.nextQuarter, { phase: s.phases[next.phase].toLocaleLowerCase(locale), date: w.date(next.at) });
  const mercuryRetro = sky.retrograde.some((entry) => entry.planet === "mercury");
  const common = { sky: w.sky(sky), retro: w.retro(sky), advice, date: w.date(sky.at), nextQuarter };
  let body: string;
  switch (input.type) {
    case "daily":
      body = fill(s.demo.daily, { ...common, sign, element: s.elements[elementOf(input.sign)] });
      break;
    case "tarot": {
      const cards = (extras.cards ?? [])
        .map((drawn) =>
          fill(s.demo.tarotCard, {
            position: s.tarot.positions[drawn.position],
            card: w.card(drawn),
            orientation: drawn.reversed ? s.tarot.reversed : s.tarot.upright,
          }),
        )
        .join("\n");
      body = fill(s.demo.tarot, { ...common, cards, about: input.question ? s.demo.tarotAbout : "" });
      if (input.question) body = `${quote(input.question)}\n\n${body}`;
      break;
    }
    case "coffee":
      body = fill(s.demo.coffee, { ...common, photo: photoLine(photo, locale) });
      if (input.question) body = `${quote(input.question)}\n\n${body}`;
      break;
    case "birth-chart": {
      const chart = extras.chart!;
      const sun = chart.placements.find((entry) => entry.planet === "sun")!;
      const moon = chart.placements.find((entry) => entry.planet === "moon")!;
      body = fill(s.demo.birthChart, {
        when: w.born(chart, extras.natal?.utcOffset ?? 0),
        placements: w.placements(chart, s.demo.birthPlacement).join("\n"),
        sunSign: s.signs[sun.sign],
        element: s.elements[elementOf(sun.sign)],
        moonSign: s.signs[moon.sign],
        uncertain: chart.moonSignUncertain ? s.demo.moonUncertain : "",
      });
      break;
    }
    case "love-compatibility":
      body = fill(s.demo.love, {
        ...common,
        sign,
        partner: s.signs[input.partnerSign],
        element: s.elements[elementOf(input.sign)],
        partnerElement: s.elements[elementOf(input.partnerSign)],
        relation: s.demo.relation[relationOf(input.sign, input.partnerSign)],
        venusSign: s.signs[extras.venusSign ?? sky.sunSign],
      });
      break;
    case "moon-tracking":
      body = fill(s.demo.moon, {
        ...common,
        quarters: sky.moon.nextQuarters.map((quarter) => fill(s.demo.moonQuarter, { phase: s.phases[quarter.phase], date: w.date(quarter.at) })).join("\n"),
      });
      break;
    case "retro-tracking":
      body = fill(s.demo.retro, {
        ...common,
        mercury: mercuryRetro ? s.demo.mercuryNow : sky.nextMercuryRetrograde ? fill(s.demo.mercuryNext, { date: w.date(sky.nextMercuryRetrograde) }) : "",
      });
      break;
    case "ritual-meditation":
      body = fill(s.demo.ritual, { ...common, intention: input.intention.replace(/\s+/g, " ") });
      break;
    case "career-financial":
      body = fill(s.demo.career, { ...common, sign, focus: s.focuses[input.focus], mercury: mercuryRetro ? s.demo.careerMercury : s.demo.careerClear });
      break;
  }
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
  ];
  if (type === "retro-tracking" && sky.nextMercuryRetrograde) lines.push(`Mercury next turns retrograde about ${sky.nextMercuryRetrograde}.`);
  if (!input) return lines;
  switch (input.type) {
    case "daily":
    case "career-financial":
      lines.push(`The reader's sign: ${s.signs[input.sign]} (${s.elements[elementOf(input.sign)]}).`);
      if (input.type === "career-financial") lines.push(`Their focus: ${s.focuses[input.focus]}.`);
      break;
    case "tarot":
      lines.push(
        `Cards drawn (three-card spread, by the server): ${(extras.cards ?? []).map((drawn) => `${s.tarot.positions[drawn.position]}: ${w.card(drawn)} (${drawn.reversed ? "reversed" : "upright"})`).join("; ")}.`,
      );
      break;
    case "birth-chart": {
      const chart = extras.chart!;
      const ascendant = extras.natal?.ascendant;
      const rising = ascendant === null || ascendant === undefined ? null : degreesInSign(ascendant);
      lines.push(
        `Birth moment: ${chart.at} UTC${chart.timeKnown ? "" : " (birth time unknown; local noon assumed)"}, in ${extras.place?.name ?? "?"} (${extras.place?.zone ?? "?"}).`,
        rising
          ? `Ascendant: ${s.signs[rising.sign]} ${formatDegrees(rising.degree, rising.minute)}; whole-sign houses from it.`
          : "No birth time: no ascendant or houses.",
        `Birth placements (tropical): ${w.placements(chart, s.question.placementItem).join("; ")}.`,
      );
      if (chart.moonSignUncertain) lines.push("The Moon changed sign on the birth day, so its sign is uncertain.");
      break;
    }
    case "love-compatibility":
      lines.push(
        `Signs: ${s.signs[input.sign]} (${s.elements[elementOf(input.sign)]}) and ${s.signs[input.partnerSign]} (${s.elements[elementOf(input.partnerSign)]}); element relation: ${relationOf(input.sign, input.partnerSign)}.`,
        `Venus today: in ${s.signs[extras.venusSign ?? sky.sunSign]}.`,
      );
      break;
    default:
      break;
  }
  return lines;
}

const TYPE_GUIDANCE: Record<HoroscopeType, string> = {
  daily: "Write today's horoscope for the reader's sign, tied to the Moon's phase and sign and any retrogrades.",
  tarot:
    "Interpret the three drawn cards in their positions (past, present, future) and how they relate, with the reader's question if any. Use exactly these cards.",
  coffee:
    "Give a Turkish-coffee cup reading in the traditional style. The reader's first message carries a photo of their cup: name the shapes you see in the grounds (where in the cup, how large) and read them as traditional symbols. If the photo shows no coffee cup, say so kindly and ask for one.",
  "birth-chart":
    "Interpret the birth placements (Sun, Moon, personal and outer planets), and the ascendant when it is given. Never invent an ascendant or houses that are not given.",
  "love-compatibility": "Describe how the two signs get along (elements, temperaments), with today's Venus as colour.",
  "moon-tracking": "Explain the current moon phase and the coming quarters, and what each is traditionally good for.",
  "retro-tracking": "Explain which planets are retrograde now, until when, and what that traditionally means.",
  "ritual-meditation": "Offer a short ritual and a guided meditation for the reader's intention, suited to the Moon's phase. Keep it safe and simple.",
  "career-financial": "Give a work and money outlook for the reader's sign and focus. No specific investment, legal or tax advice.",
};

function instructionsFor(type: HoroscopeType, locale: Locale, facts: string[], followUp: boolean): string {
  return [
    `You are the astrologer of a consumer app, writing a "${resources.en.tools.horoscope.types[type].title}" reading.`,
    TYPE_GUIDANCE[type],
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
  const extras = input ? extrasFor(input, seed, now) : {};
  const turn: ToolTurn = {
    tool: "horoscope",
    toolPath: type,
    action: "horoscope",
    kind: "chat",
    instructions: instructionsFor(type, locale, factLines(type, sky, input ?? null, extras), !input),
    demoReply: (question) => demoFollowUp(question, sky, locale),
  };
  if (input) {
    const question = questionFor(input, extras, sky, locale);
    turn.opening = { question, title: question.split("\n")[0] ?? question, demoReply: (photo) => demoReading(input, extras, sky, locale, photo) };
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
