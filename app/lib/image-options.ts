// The image tools' choices and limits (docs/product.md §1, §5), without zod: the tool pages need them to paint, while the
// form's schema (schemas/images.ts, which re-exports these) is loaded only when a form is first used.
import type { LOGO_STYLES, TATTOO_THEMES } from "./tools";

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
 * docs/product.md §1/§9: photo translate offers 40+ target languages. BCP 47 codes; the page names them in the interface
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
