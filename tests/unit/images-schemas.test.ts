// The image tools' shared rules: forms checked the same way in the page and the action, 40+ target languages each
// with a name in both interface languages, photo translate answers parsed however a model wraps its JSON.
import { describe, expect, it } from "vitest";
import { parseTranslation, JobFailure } from "../../app/.server/images/engines";
import { downloadName } from "../../app/.server/images/gallery";
import { fieldErrorsFrom } from "../../app/lib/schemas/field-errors";
import { createJobSchema, TRANSLATE_LANGUAGES } from "../../app/lib/schemas/images";

const requestId = "0b7d3a9e-4c1f-4f5e-9a55-4f2f7c7e9b10";

describe("photo translate languages", () => {
  it("offers at least 40, each named in English and in Turkish", () => {
    expect(TRANSLATE_LANGUAGES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TRANSLATE_LANGUAGES).size).toBe(TRANSLATE_LANGUAGES.length);
    for (const locale of ["en", "tr"]) {
      const names = new Intl.DisplayNames([locale], { type: "language", fallback: "none" });
      for (const code of TRANSLATE_LANGUAGES) expect(names.of(code), `${code} in ${locale}`).toBeTruthy();
    }
    expect(new Intl.DisplayNames(["tr"], { type: "language" }).of("de")).toBe("Almanca");
  });
});

describe("createJobSchema", () => {
  it("accepts each tool's form and fills the defaults", () => {
    expect(createJobSchema().parse({ tool: "image-generation", requestId, model: "gpt-4o-mini", prompt: "  a cat  " })).toEqual({
      tool: "image-generation",
      requestId,
      model: "gpt-4o-mini",
      prompt: "a cat",
      style: "none",
      aspectRatio: "1:1",
    });
    expect(createJobSchema().parse({ tool: "logo-maker", requestId, model: "m", brandName: "Acme", slogan: "", primaryColor: "#ABCDEF" })).toEqual({
      tool: "logo-maker",
      requestId,
      model: "m",
      kind: "graphic",
      style: "basic",
      brandName: "Acme",
      primaryColor: "#abcdef",
    });
  });

  it("names each wrong field with a translatable key", () => {
    const result = createJobSchema().safeParse({
      tool: "tattoo-generator",
      requestId,
      model: "m",
      uploadId: "",
      theme: "dragons",
      description: "x".repeat(501),
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsFrom(result.error!)).toEqual({ uploadId: "validation.photoRequired", theme: "validation.invalid", description: "validation.tooLong" });
    const language = createJobSchema().safeParse({ tool: "photo-translate", requestId, model: "m", uploadId: requestId, targetLanguage: "xx" });
    expect(fieldErrorsFrom(language.error!)).toEqual({ targetLanguage: "validation.required" });
  });
});

describe("parseTranslation", () => {
  const answer = { sourceLanguage: "ja", blocks: [{ text: "出口", translation: "Exit" }] };
  it("reads bare JSON, fenced JSON and JSON inside a sentence", () => {
    expect(parseTranslation(JSON.stringify(answer))).toEqual(answer);
    expect(parseTranslation("```json\n" + JSON.stringify(answer) + "\n```")).toEqual(answer);
    expect(parseTranslation(`Here you go: ${JSON.stringify(answer)} Hope it helps.`)).toEqual(answer);
  });

  it("turns anything else into a retryable provider failure", () => {
    for (const bad of ["no json here", "{not json}", JSON.stringify({ sourceLanguage: "en", blocks: [{ text: "" }] })]) {
      try {
        parseTranslation(bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(JobFailure);
        expect(error).toMatchObject({ code: "image/provider-failed", transient: true });
      }
    }
  });
});

describe("downloadName", () => {
  it("is ASCII for the header and keeps the real words for filename*", () => {
    const name = downloadName({ tool: "logo-maker", prompt: 'Çay Bahçesi: "İyi" / ılık', createdAt: Date.UTC(2026, 4, 4, 12), contentType: "image/svg+xml" });
    expect(name).toEqual({ ascii: "logo-maker-cay-bahcesi-iyi-ilik-2026-05-04.svg", utf8: "logo-maker Çay Bahçesi İyi ılık 2026-05-04.svg" });
    expect(downloadName({ tool: "image-generation", prompt: "", createdAt: 0, contentType: "image/png" }).ascii).toBe("image-generation-1970-01-01.png");
  });
});
