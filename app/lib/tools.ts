import { TOOL_KEYS, type ToolKey } from "./constants";

/** The path of each tool's screen (docs/product.md §2). */
export const TOOL_PATHS: Record<ToolKey, string> = Object.fromEntries(TOOL_KEYS.map((key) => [key, `/${key}`])) as Record<ToolKey, string>;

/** docs/product.md §1: the horoscope types, in the order the product lists them. */
export const HOROSCOPE_TYPES = [
  "daily",
  "tarot",
  "coffee",
  "birth-chart",
  "love-compatibility",
  "moon-tracking",
  "retro-tracking",
  "ritual-meditation",
  "career-financial",
] as const;
export type HoroscopeType = (typeof HOROSCOPE_TYPES)[number];

/** docs/product.md §1: web search categories. */
export const SEARCH_CATEGORIES = [
  "family",
  "hobbies",
  "relationship",
  "professional-background",
  "public-mentions",
  "social-media",
  "business-investments",
  "tell-me-everything",
  "education",
] as const;

export const LOGO_STYLES = ["basic", "corporate", "graffiti-fun", "luxury", "rustic-label", "nature"] as const;
export const TATTOO_THEMES = ["geometric", "nature", "spiritual", "skull", "space", "tree"] as const;

/** docs/product.md §2: prompt suggestion categories of the home chat. */
export const SUGGESTION_CATEGORIES = [
  "helpWrite",
  "learnAbout",
  "createImage",
  "analyzeImage",
  "summarizeText",
  "analyzeData",
  "brainstorm",
  "improveWriting",
  "translate",
  "generateIdeas",
] as const;
