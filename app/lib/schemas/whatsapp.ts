// The WhatsApp dialog's form (docs/product.md §5 "WhatsApp start": the country first, then a number that must be valid), shared
// by the dialog (client check) and POST /api/whatsapp/link (server check). Messages are keys under whatsapp:dialog.
//
// libphonenumber-js/max rather than /min: /min only checks a number's length, so "599 123 45 67" passes for Türkiye
// although no such prefix exists; /max checks the digits against each country's real patterns, which is what
// "Invalid phone number" promises. Its extra ~20 kB (gzip) is paid only by the lazily loaded dialog and the worker.
import parsePhoneNumber, { isSupportedCountry, isValidPhoneNumber, type CountryCode } from "libphonenumber-js/max";
import * as z from "zod";

/** Message keys (whatsapp:dialog.<key>); English: "Select your country first", "Invalid phone number", ... */
export const W = {
  selectCountry: "validation.selectCountry",
  phoneRequired: "validation.phoneRequired",
  invalidPhone: "validation.invalidPhone",
  invalid: "validation.invalid",
} as const;

export const MODEL_MAX = 64;
/** Longer than any formatted international number; anything longer is not a phone number. */
const PHONE_INPUT_MAX = 40;

export const whatsappLinkSchema = z
  .object(
    {
      /** ISO 3166-1 alpha-2, one libphonenumber-js knows ("TR"); the default country of a number typed without "+". */
      country: z
        .string(W.selectCountry)
        .trim()
        .toUpperCase()
        .refine((value) => isSupportedCountry(value), W.selectCountry),
      /** As typed: national ("0532 123 45 67") or international ("+90 532 123 45 67"). */
      phone: z
        .string(W.invalidPhone)
        .trim()
        .min(1, { error: W.phoneRequired, abort: true })
        .max(PHONE_INPUT_MAX, W.invalidPhone)
        // Digits and the usual separators only: the parser would otherwise skip letters and accept "532 CALL NOW".
        .regex(/^\+?[\d\s().\-/]+$/, W.invalidPhone),
      /** The web chat's model, which WhatsApp chat answers with; empty means the default. */
      model: z
        .string(W.invalid)
        .trim()
        .max(MODEL_MAX, W.invalid)
        .optional()
        .transform((value) => value || undefined),
    },
    W.invalid,
  )
  .transform((value, ctx) => {
    const country = value.country as CountryCode;
    const parsed = isValidPhoneNumber(value.phone, country) ? parsePhoneNumber(value.phone, country) : undefined;
    if (!parsed) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: W.invalidPhone });
      return z.NEVER;
    }
    // E.164 without "+": the form WhatsApp uses for a sender (wa_id) and wa.me links.
    return { country, phone: parsed.number.slice(1), model: value.model };
  });

export type WhatsAppLinkInput = z.input<typeof whatsappLinkSchema>;
export type WhatsAppLinkForm = z.output<typeof whatsappLinkSchema>;
