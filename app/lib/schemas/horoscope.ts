// The horoscope forms (docs/product.md §1, §5), one per type, shared by the page (client checks) and POST /api/chat (server
// checks). Error messages are keys under horoscope:validation.
import * as z from "zod";
import { BIRTH_YEAR_MIN, CAREER_FOCUSES, INTENTION_MAX, QUESTION_MAX, ZODIAC_SIGNS } from "../horoscope-options";

export * from "../horoscope-options";

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

/** "HH:MM", 24-hour, optional: without it the chart has no Ascendant or houses. */
const birthTime = z.preprocess(
  blankToUndefined,
  z
    .string("validation.timeInvalid")
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.timeInvalid")
    .optional(),
);

/** Ids of the offline city list ("tr-istanbul"); whether the id exists is checked on the server, which has the list. */
export const PLACE_ID_MAX = 80;
const placeId = z
  .string("validation.placeRequired")
  .trim()
  .min(1, { message: "validation.placeRequired", abort: true })
  .max(PLACE_ID_MAX, "validation.placeUnknown")
  .regex(/^[a-z]{2}-[a-z0-9-]+$/, "validation.placeUnknown");

/** The birth data a chart needs: date, optional local time, and the place whose zone the time is read in. */
const birthFields = { birthDate, birthTime, placeId };

/** Birth data entered once (POST /api/horoscope/birth-profile) and prefilled on the forms that need it. */
export const birthProfileSchema = z.object(birthFields);
export type BirthProfileInput = z.infer<typeof birthProfileSchema>;

export const horoscopeInputSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("daily"), sign }),
    z.object({ type: z.literal("tarot"), question: optionalText(QUESTION_MAX) }),
    // The cup's photo: the id POST /api/uploads answered with (the server reads only the asker's own uploads).
    z.object({
      type: z.literal("coffee"),
      question: optionalText(QUESTION_MAX),
      photoId: z.string("validation.photoRequired").trim().min(1, "validation.photoRequired").max(64, "validation.photoRequired"),
    }),
    z.object({ type: z.literal("birth-chart"), ...birthFields }),
    z.object({ type: z.literal("love-compatibility"), sign, partnerSign: sign }),
    z.object({ type: z.literal("moon-tracking") }),
    z.object({ type: z.literal("retro-tracking") }),
    z.object({
      type: z.literal("ritual-meditation"),
      intention: z.string("validation.required").trim().min(1, "validation.required").max(INTENTION_MAX, "validation.tooLong"),
    }),
    z.object({ type: z.literal("career-financial"), sign, focus: z.enum(CAREER_FOCUSES, "validation.required") }),
  ],
  // docs/product.md §5: "Please select a horoscope type."
  "validation.typeRequired",
);
export type HoroscopeInput = z.infer<typeof horoscopeInputSchema>;
