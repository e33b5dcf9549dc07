// The horoscope forms' choices and limits (docs/product.md §1, §5), without zod: the pages need them to paint, while the
// forms' schema (schemas/horoscope.ts, which re-exports these) is loaded only when a form is first used.
import { HOROSCOPE_TYPES, type HoroscopeType } from "./tools";

export const ZODIAC_SIGNS = [
  "aries",
  "taurus",
  "gemini",
  "cancer",
  "leo",
  "virgo",
  "libra",
  "scorpio",
  "sagittarius",
  "capricorn",
  "aquarius",
  "pisces",
] as const;
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

/** The signs' Turkish names, lower case: read in a schedule asked for in words and in WhatsApp's "/horoscope aslan". */
export const TURKISH_SIGN_NAMES: Readonly<Record<string, ZodiacSign>> = {
  koç: "aries",
  boğa: "taurus",
  ikizler: "gemini",
  yengeç: "cancer",
  aslan: "leo",
  başak: "virgo",
  terazi: "libra",
  akrep: "scorpio",
  yay: "sagittarius",
  oğlak: "capricorn",
  kova: "aquarius",
  balık: "pisces",
};

export const CAREER_FOCUSES = ["career", "finances", "business", "work-life"] as const;
export type CareerFocus = (typeof CAREER_FOCUSES)[number];

export const QUESTION_MAX = 500;
export const INTENTION_MAX = 200;
/** The earliest birth date the form accepts (the ephemeris is good far beyond; people are not). */
export const BIRTH_YEAR_MIN = 1900;

export function isHoroscopeType(value: string | null | undefined): value is HoroscopeType {
  return (HOROSCOPE_TYPES as readonly string[]).includes(value ?? "");
}
