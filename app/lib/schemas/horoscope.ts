// The horoscope forms (SPEC §1, §5), one per type, shared by the page (client checks) and POST /api/chat (server
// checks). Error messages are keys under horoscope:validation.
import * as z from "zod";
import { HOROSCOPE_TYPES, type HoroscopeType } from "../tools";

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

export const CAREER_FOCUSES = ["career", "finances", "business", "work-life"] as const;
export type CareerFocus = (typeof CAREER_FOCUSES)[number];

export const QUESTION_MAX = 500;
export const INTENTION_MAX = 200;
/** The earliest birth date the form accepts (the ephemeris is good far beyond; people are not). */
export const BIRTH_YEAR_MIN = 1900;

export function isHoroscopeType(value: string | null | undefined): value is HoroscopeType {
  return (HOROSCOPE_TYPES as readonly string[]).includes(value ?? "");
}

/** Empty form fields mean "not given". */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, "validation.tooLong").optional());
const sign = z.enum(ZODIAC_SIGNS, "validation.signRequired");

/** YYYY-MM-DD, a real calendar day, from 1900 to today. */
const birthDate = z
  .string("validation.dateRequired")
  .trim()
  .min(1, "validation.dateRequired")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.dateInvalid")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "validation.dateInvalid")
  .refine((value) => Number(value.slice(0, 4)) >= BIRTH_YEAR_MIN && value <= new Date().toISOString().slice(0, 10), "validation.dateRange");

export const horoscopeInputSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("daily"), sign }),
    z.object({ type: z.literal("tarot"), question: optionalText(QUESTION_MAX) }),
    z.object({ type: z.literal("coffee"), question: optionalText(QUESTION_MAX) }),
    z.object({
      type: z.literal("birth-chart"),
      birthDate,
      birthTime: z.preprocess(blankToUndefined, z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.timeInvalid").optional()),
      /** Minutes east of UTC of the birth time's clock (the browser's zone on that date); 0 when not known. */
      utcOffset: z.preprocess(
        (value) => (blankToUndefined(value) === undefined ? 0 : Number(value)),
        z.number().int().min(-840).max(840),
      ),
    }),
    z.object({ type: z.literal("love-compatibility"), sign, partnerSign: sign }),
    z.object({ type: z.literal("moon-tracking") }),
    z.object({ type: z.literal("retro-tracking") }),
    z.object({
      type: z.literal("ritual-meditation"),
      intention: z.string("validation.required").trim().min(1, "validation.required").max(INTENTION_MAX, "validation.tooLong"),
    }),
    z.object({ type: z.literal("career-financial"), sign, focus: z.enum(CAREER_FOCUSES, "validation.required") }),
  ],
  // SPEC §5: "Please select a horoscope type."
  "validation.typeRequired",
);
export type HoroscopeInput = z.infer<typeof horoscopeInputSchema>;
