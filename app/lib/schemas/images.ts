// The image tools' forms (SPEC §1, §5), shared by the pages (client checks) and their actions (server checks), and
// the settings each creation keeps for "use again".
import * as z from "zod";
import { LOGO_STYLES, TATTOO_THEMES } from "../tools";
import { lazily } from "./lazy";

export const IMAGE_TOOLS = ["image-generation", "logo-maker", "tattoo-generator", "photo-translate"] as const;
export type ImageTool = (typeof IMAGE_TOOLS)[number];
/** The tools whose creations are pictures kept in the gallery (photo translate returns text). */
export const GALLERY_TOOLS = ["image-generation", "logo-maker", "tattoo-generator"] as const;

export const IMAGE_STYLES = ["none", "photographic", "digital-art", "anime", "watercolor", "oil-painting", "3d-render", "pixel-art", "sketch"] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** The three shapes every images API offers (gpt-image-1: 1024x1024, 1536x1024, 1024x1536). */
export const ASPECT_RATIOS = ["1:1", "3:2", "2:3"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
/** Names of the ratios for translation keys (":" separates namespaces in i18next keys). */
export const ASPECT_RATIO_NAMES: Record<AspectRatio, "square" | "landscape" | "portrait"> = { "1:1": "square", "3:2": "landscape", "2:3": "portrait" };

export const LOGO_KINDS = ["graphic", "text"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
export type LogoStyle = (typeof LOGO_STYLES)[number];
export type TattooTheme = (typeof TATTOO_THEMES)[number];

/** Each logo style's own colours (main, second), used unless the person picks theirs. */
export const LOGO_STYLE_COLORS: Record<LogoStyle, readonly [string, string]> = {
  basic: ["#4f46e5", "#0f172a"],
  corporate: ["#1d4ed8", "#0f172a"],
  "graffiti-fun": ["#f43f5e", "#facc15"],
  luxury: ["#b08d57", "#111111"],
  "rustic-label": ["#8b5a2b", "#f3e7d3"],
  nature: ["#15803d", "#a3e635"],
};

/**
 * SPEC §1/§9: photo translate offers 40+ target languages. BCP 47 codes; the page names them in the interface
 * language with Intl.DisplayNames, so no list of names needs translating.
 */
export const TRANSLATE_LANGUAGES = [
  "af",
  "ar",
  "bg",
  "bn",
  "ca",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "et",
  "fa",
  "fi",
  "fil",
  "fr",
  "he",
  "hi",
  "hr",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "lv",
  "ms",
  "nb",
  "nl",
  "pl",
  "pt",
  "ro",
  "ru",
  "sk",
  "sl",
  "sr",
  "sv",
  "sw",
  "th",
  "tr",
  "uk",
  "ur",
  "vi",
  "zh-Hans",
  "zh-Hant",
] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number];

export const PROMPT_MAX = 1000;
export const BRAND_MAX = 40;
export const SLOGAN_MAX = 80;
export const DESCRIPTION_MAX = 500;

// Built on first use (lazy.ts): every image tool's screen loads this module for its options before it paints.
const hexColor = () =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "validation.color")
    .transform((value) => value.toLowerCase());
/** Empty form fields mean "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const common = () => ({
  /** Client-made id of this creation: the same request sent twice makes and charges one job. */
  requestId: z.uuid(),
  model: z.string().min(1).max(64),
});

export const imageGenerationSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("image-generation"),
    prompt: z.string().trim().min(1, "validation.required").max(PROMPT_MAX, "validation.tooLong"),
    style: z.enum(IMAGE_STYLES).default("none"),
    aspectRatio: z.enum(ASPECT_RATIOS).default("1:1"),
  }),
);

export const logoSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("logo-maker"),
    kind: z.enum(LOGO_KINDS).default("graphic"),
    style: z.enum(LOGO_STYLES).default("basic"),
    brandName: z.string().trim().min(1, "validation.required").max(BRAND_MAX, "validation.tooLong"),
    slogan: optional(z.string().trim().max(SLOGAN_MAX, "validation.tooLong")),
    primaryColor: optional(hexColor()),
    secondaryColor: optional(hexColor()),
  }),
);

export const tattooSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("tattoo-generator"),
    uploadId: z.uuid("validation.photoRequired"),
    theme: z.enum(TATTOO_THEMES).default("geometric"),
    description: optional(z.string().trim().max(DESCRIPTION_MAX, "validation.tooLong")),
  }),
);

export const photoTranslateSchema = lazily(() =>
  z.object({
    ...common(),
    tool: z.literal("photo-translate"),
    uploadId: z.uuid("validation.photoRequired"),
    targetLanguage: z.enum(TRANSLATE_LANGUAGES, "validation.required"),
  }),
);

export const createJobSchema = lazily(() => z.discriminatedUnion("tool", [imageGenerationSchema(), logoSchema(), tattooSchema(), photoTranslateSchema()]));
export type CreateJobInput = z.infer<ReturnType<typeof createJobSchema>>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a job keeps of its form (everything except the request id), for the consumer and for "use again". */
export type JobSettings = DistributiveOmit<CreateJobInput, "requestId">;

/** Photo translate's answer (from a vision model, checked with this schema before it is stored). */
export const translationResultSchema = lazily(() =>
  z.object({
    sourceLanguage: z.string().trim().min(1).max(40),
    blocks: z.array(z.object({ text: z.string().trim().min(1).max(4000), translation: z.string().trim().max(4000) })).max(100),
  }),
);
export type TranslationResult = z.infer<ReturnType<typeof translationResultSchema>> & { demo?: boolean };
