// What each of the eight reading types does, in one record per type: the facts it adds to the sky, the question it
// saves, the demo's reading, the facts and guidance the model gets. reading.ts builds a turn from any of them the same way.
import type { Locale } from "../../lib/constants";
import type { HoroscopeInput, ZodiacSign } from "../../lib/schemas/horoscope";
import type { HoroscopeType } from "../../lib/tools";
import type { PhotoFacts } from "../images/photo-facts";
import { birthChart, longitude, signOf, type BirthChart, type SkyFacts } from "./astronomy";
import { degreesInSign, formatDegrees, natalChart, type NatalChart } from "./chart";
import { findPlace, type Place } from "./places";
import { drawCards, type DrawnCard } from "./tarot";
import { elementOf, fill, photoLine, quote, relationOf, type Words } from "./words";

/** What the form's type adds to the shared sky facts. */
export interface Extras {
  cards?: DrawnCard[];
  chart?: BirthChart;
  /** The same birth read in its place's zone: the offset used, the Ascendant and the place. */
  natal?: NatalChart;
  place?: Place;
  venusSign?: ZodiacSign;
}

/** What a demo reading is filled from besides the type's input. */
export interface DemoContext {
  w: Words;
  extras: Extras;
  sky: SkyFacts;
  locale: Locale;
  photo: PhotoFacts | null;
  /** The sentences every type's template may use: the sky, retrogrades, the phase's advice, the date, the next quarter. */
  common: Record<string, string>;
  mercuryRetro: boolean;
}

interface ReadingType<I extends HoroscopeInput> {
  /** What the model is asked to write. */
  guidance: string;
  /** The type's own facts beside the sky (cards drawn, a birth chart, today's Venus). */
  extras?: (input: I, seed: string, now: number) => Extras;
  /** The saved (and shown) question: the request in the user's words, plain text. */
  question: (input: I, w: Words, extras: Extras, sky: SkyFacts) => string;
  /** The demo provider's reading (below its label). */
  demo: (input: I, context: DemoContext) => string;
  /** Plain English lines for the model about the reader's input (names from the English locale file). */
  inputFacts?: (input: I, w: Words, extras: Extras, sky: SkyFacts) => string[];
  /** Lines about the sky this type needs in every turn of its thread, follow-ups included. */
  skyFacts?: (sky: SkyFacts) => string[];
}

type InputOf<T extends HoroscopeType> = Extract<HoroscopeInput, { type: T }>;

/** The type's three cards, each worded by `template`. */
const cardsIn = (w: Words, extras: Extras, template: string) =>
  (extras.cards ?? []).map((drawn) =>
    fill(template, {
      position: w.s.tarot.positions[drawn.position],
      card: w.card(drawn),
      orientation: drawn.reversed ? w.s.tarot.reversed : w.s.tarot.upright,
    }),
  );

/** The reader's typed question, quoted above the demo's reading so it is shown as text. */
const withQuestion = (question: string | undefined, body: string) => (question ? `${quote(question)}\n\n${body}` : body);

const signFacts = (w: Words, sign: ZodiacSign) => `The reader's sign: ${w.s.signs[sign]} (${w.s.elements[elementOf(sign)]}).`;

export const READING_TYPES: { [T in HoroscopeType]: ReadingType<InputOf<T>> } = {
  daily: {
    guidance: "Write today's horoscope for the reader's sign, tied to the Moon's phase and sign and any retrogrades.",
    question: (input, { s }) => fill(s.question.daily, { sign: s.signs[input.sign] }),
    demo: (input, { w: { s }, common }) => fill(s.demo.daily, { ...common, sign: s.signs[input.sign], element: s.elements[elementOf(input.sign)] }),
    inputFacts: (input, w) => [signFacts(w, input.sign)],
  },
  tarot: {
    guidance:
      "Interpret the three drawn cards in their positions (past, present, future) and how they relate, with the reader's question if any. Use exactly these cards.",
    extras: (_input, seed) => ({ cards: drawCards(seed) }),
    question: (input, w, extras) =>
      [
        w.s.question.tarot,
        input.question ? fill(w.s.question.questionLine, { text: input.question }) : null,
        fill(w.s.question.cardsLine, { cards: cardsIn(w, extras, w.s.question.cardItem).join(" · ") }),
      ]
        .filter(Boolean)
        .join("\n"),
    demo: (input, { w, extras, common }) =>
      withQuestion(
        input.question,
        fill(w.s.demo.tarot, { ...common, cards: cardsIn(w, extras, w.s.demo.tarotCard).join("\n"), about: input.question ? w.s.demo.tarotAbout : "" }),
      ),
    inputFacts: (_input, w, extras) => [
      `Cards drawn (three-card spread, by the server): ${(extras.cards ?? []).map((drawn) => `${w.s.tarot.positions[drawn.position]}: ${w.card(drawn)} (${drawn.reversed ? "reversed" : "upright"})`).join("; ")}.`,
    ],
  },
  coffee: {
    guidance:
      "Give a Turkish-coffee cup reading in the traditional style. The reader's first message carries a photo of their cup: name the shapes you see in the grounds (where in the cup, how large) and read them as traditional symbols. If the photo shows no coffee cup, say so kindly and ask for one.",
    question: (input, { s }) => [s.question.coffee, input.question ? fill(s.question.questionLine, { text: input.question }) : null].filter(Boolean).join("\n"),
    demo: (input, { w: { s }, common, photo, locale }) => withQuestion(input.question, fill(s.demo.coffee, { ...common, photo: photoLine(photo, locale) })),
  },
  "birth-chart": {
    guidance:
      "Interpret the birth placements (Sun, Moon, personal and outer planets), and the ascendant when it is given. Never invent an ascendant or houses that are not given.",
    extras: (input) => {
      // toolTurnFor has checked that the place is on the list.
      const place = findPlace(input.placeId)!;
      const natal = natalChart(input, place);
      return { chart: birthChart({ ...input, utcOffset: natal.utcOffset }), natal, place };
    },
    question: (_input, w, extras) => {
      const chart = extras.chart!;
      return [
        fill(w.s.question["birth-chart"], { when: w.born(chart, extras.natal?.utcOffset ?? 0) }),
        fill(w.s.question.placementsLine, { list: w.placements(chart, w.s.question.placementItem).join(" · ") }),
      ].join("\n");
    },
    demo: (_input, { w, extras }) => {
      const chart = extras.chart!;
      const sun = chart.placements.find((entry) => entry.planet === "sun")!;
      const moon = chart.placements.find((entry) => entry.planet === "moon")!;
      return fill(w.s.demo.birthChart, {
        when: w.born(chart, extras.natal?.utcOffset ?? 0),
        placements: w.placements(chart, w.s.demo.birthPlacement).join("\n"),
        sunSign: w.s.signs[sun.sign],
        element: w.s.elements[elementOf(sun.sign)],
        moonSign: w.s.signs[moon.sign],
        uncertain: chart.moonSignUncertain ? w.s.demo.moonUncertain : "",
      });
    },
    inputFacts: (_input, w, extras) => {
      const chart = extras.chart!;
      const ascendant = extras.natal?.ascendant;
      const rising = ascendant === null || ascendant === undefined ? null : degreesInSign(ascendant);
      return [
        `Birth moment: ${chart.at} UTC${chart.timeKnown ? "" : " (birth time unknown; local noon assumed)"}, in ${extras.place?.name ?? "?"} (${extras.place?.zone ?? "?"}).`,
        rising
          ? `Ascendant: ${w.s.signs[rising.sign]} ${formatDegrees(rising.degree, rising.minute)}; whole-sign houses from it.`
          : "No birth time: no ascendant or houses.",
        `Birth placements (tropical): ${w.placements(chart, w.s.question.placementItem).join("; ")}.`,
        ...(chart.moonSignUncertain ? ["The Moon changed sign on the birth day, so its sign is uncertain."] : []),
      ];
    },
  },
  "love-compatibility": {
    guidance: "Describe how the two signs get along (elements, temperaments), with today's Venus as colour.",
    extras: (_input, _seed, now) => ({ venusSign: signOf(longitude("venus", new Date(now))) }),
    question: (input, { s }) => fill(s.question["love-compatibility"], { sign: s.signs[input.sign], partner: s.signs[input.partnerSign] }),
    demo: (input, { w: { s }, common, extras, sky }) =>
      fill(s.demo.love, {
        ...common,
        sign: s.signs[input.sign],
        partner: s.signs[input.partnerSign],
        element: s.elements[elementOf(input.sign)],
        partnerElement: s.elements[elementOf(input.partnerSign)],
        relation: s.demo.relation[relationOf(input.sign, input.partnerSign)],
        venusSign: s.signs[extras.venusSign ?? sky.sunSign],
      }),
    inputFacts: (input, { s }, extras, sky) => [
      `Signs: ${s.signs[input.sign]} (${s.elements[elementOf(input.sign)]}) and ${s.signs[input.partnerSign]} (${s.elements[elementOf(input.partnerSign)]}); element relation: ${relationOf(input.sign, input.partnerSign)}.`,
      `Venus today: in ${s.signs[extras.venusSign ?? sky.sunSign]}.`,
    ],
  },
  "moon-tracking": {
    guidance: "Explain the current moon phase and the coming quarters, and what each is traditionally good for.",
    question: (_input, w, _extras, sky) => fill(w.s.question["moon-tracking"], { date: w.date(sky.at) }),
    demo: (_input, { w, common, sky }) =>
      fill(w.s.demo.moon, {
        ...common,
        quarters: sky.moon.nextQuarters.map((quarter) => fill(w.s.demo.moonQuarter, { phase: w.s.phases[quarter.phase], date: w.date(quarter.at) })).join("\n"),
      }),
  },
  "retro-tracking": {
    guidance: "Explain which planets are retrograde now, until when, and what that traditionally means.",
    question: (_input, w, _extras, sky) => fill(w.s.question["retro-tracking"], { date: w.date(sky.at) }),
    demo: (_input, { w, common, sky, mercuryRetro }) =>
      fill(w.s.demo.retro, {
        ...common,
        mercury: mercuryRetro ? w.s.demo.mercuryNow : sky.nextMercuryRetrograde ? fill(w.s.demo.mercuryNext, { date: w.date(sky.nextMercuryRetrograde) }) : "",
      }),
    skyFacts: (sky) => (sky.nextMercuryRetrograde ? [`Mercury next turns retrograde about ${sky.nextMercuryRetrograde}.`] : []),
  },
  "ritual-meditation": {
    guidance: "Offer a short ritual and a guided meditation for the reader's intention, suited to the Moon's phase. Keep it safe and simple.",
    question: (input, { s }) => [s.question["ritual-meditation"], fill(s.question.intentionLine, { text: input.intention })].join("\n"),
    demo: (input, { w: { s }, common }) => fill(s.demo.ritual, { ...common, intention: input.intention.replace(/\s+/g, " ") }),
  },
  "career-financial": {
    guidance: "Give a work and money outlook for the reader's sign and focus. No specific investment, legal or tax advice.",
    question: (input, { s }) =>
      [fill(s.question["career-financial"], { sign: s.signs[input.sign] }), fill(s.question.focusLine, { focus: s.focuses[input.focus] })].join("\n"),
    demo: (input, { w: { s }, common, mercuryRetro }) =>
      fill(s.demo.career, {
        ...common,
        sign: s.signs[input.sign],
        focus: s.focuses[input.focus],
        mercury: mercuryRetro ? s.demo.careerMercury : s.demo.careerClear,
      }),
    inputFacts: (input, w) => [signFacts(w, input.sign), `Their focus: ${w.s.focuses[input.focus]}.`],
  },
};

/** The record of `input`'s type, typed for that input (TypeScript cannot pair a union's member with its record itself). */
export const readingTypeOf = <I extends HoroscopeInput>(input: I) => READING_TYPES[input.type] as unknown as ReadingType<I>;
