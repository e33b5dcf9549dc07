// docs/product.md §5 "WhatsApp start", as the dialog and POST /api/whatsapp/link both check it: the country first, then a number
// libphonenumber-js finds valid for it (its real digit patterns, not only the length), answered as E.164 digits.
import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../../app/lib/schemas/field-errors";
import { whatsappLinkSchema } from "../../app/lib/schemas/whatsapp";
import en from "../../locales/en/whatsapp.json";
import tr from "../../locales/tr/whatsapp.json";

function errorsOf(input: unknown) {
  const result = whatsappLinkSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
}

describe("whatsappLinkSchema", () => {
  it("normalises national and international numbers to E.164 digits without +", () => {
    for (const phone of ["532 123 45 67", "0532 123 45 67", "+90 (532) 123-45-67", "0532.123.45.67"]) {
      expect(whatsappLinkSchema.parse({ country: "TR", phone })).toEqual({ country: "TR", phone: "905321234567", model: undefined });
    }
    // A number typed with its own country code is that country's, whatever the list says.
    expect(whatsappLinkSchema.parse({ country: "tr", phone: "+44 7911 123456", model: " gpt-4o " })).toEqual({
      country: "TR",
      phone: "447911123456",
      model: "gpt-4o",
    });
  });

  it("asks for the country first", () => {
    for (const country of [undefined, "", "  ", "ZZ", "TUR", 90])
      expect(errorsOf({ country, phone: "532 123 45 67" })).toEqual({ country: "validation.selectCountry" });
  });

  it("refuses numbers that cannot exist, including ones of the right length with an unused prefix", () => {
    for (const phone of ["123", "599 123 45 67", "532 123 45 67 89 01", "532 CALL NOW", "+90", "5".repeat(41)]) {
      expect(errorsOf({ country: "TR", phone }), phone).toEqual({ phone: "validation.invalidPhone" });
    }
    expect(errorsOf({ country: "TR", phone: "   " })).toEqual({ phone: "validation.phoneRequired" });
    expect(errorsOf({ country: "TR", phone: "532 123 45 67", model: "m".repeat(65) })).toEqual({ model: "validation.invalid" });
  });

  it("has its messages in both languages, in docs/product.md §5's words", () => {
    expect(en.dialog.validation).toMatchObject({ selectCountry: "Select your country first", invalidPhone: "Invalid phone number" });
    expect(tr.dialog.validation).toMatchObject({ selectCountry: "Önce ülkenizi seçin", invalidPhone: "Geçersiz telefon numarası" });
  });
});
