// Business constants of docs/product.md §9, shared by client and server.

/** docs/product.md §2: the first path segment selects the active tool. */
export const TOOL_KEYS = ["web-main", "image-generation", "photo-translate", "logo-maker", "tattoo-generator", "horoscope", "web-search"] as const;
export type ToolKey = (typeof TOOL_KEYS)[number];

export function isToolKey(value: string | undefined): value is ToolKey {
  return (TOOL_KEYS as readonly string[]).includes(value ?? "");
}

export const LOCALES = ["en", "tr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";
/** docs/product.md §4: page theme colour. */
export const THEME_COLOR: Record<Theme, string> = { dark: "#030711", light: "#ffffff" };

/** docs/product.md §3/§4: browser storage keys and the app_version reset rule. */
export const STORAGE_KEYS = {
  theme: "theme",
  locale: "locale",
  appVersion: "app_version",
  persistedRoot: "persist:root",
  /** Desktop history sidebar open or closed, per device (decision 0017). */
  sidebar: "sidebar",
} as const;
/**
 * Keys the app_version reset keeps: device preferences that the server also holds in cookies (theme, locale, sidebar).
 * Clearing them would not reset anything, only split the stored copy from the cookie the page was rendered with.
 */
export const VERSION_RESET_KEEPS: readonly string[] = [STORAGE_KEYS.theme, STORAGE_KEYS.locale, STORAGE_KEYS.sidebar];
export const APP_VERSION = "12";
export const PERSIST_VERSION = 1;
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;

/** docs/product.md §9 toasts. */
export const TOASTS = {
  visible: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  removeDelayMs: 200,
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const CHAT_TITLE_MAX = 50;
/** A temporary chat's earlier messages sent with a turn (decision 0027): as many as a turn's context holds, each cut short. */
export const TEMPORARY_HISTORY_MAX = 30;
export const TEMPORARY_MESSAGE_MAX = 6_000;
/** Attachments a page names when it ends its temporary chat (decision 0027): far more than a chat of 30 messages sends. */
export const TEMPORARY_ATTACHMENTS_MAX = 50;

/** docs/product.md §6: credits each action costs. */
export const CREDIT_COSTS = {
  chat: 1,
  horoscope: 1,
  webSearch: 2,
  photoTranslate: 2,
  image: 4,
  /** Per started minute of audio, heard or spoken (docs/decisions/0025-voice.md). */
  voiceMinute: 1,
} as const;
export type CreditAction = keyof typeof CREDIT_COSTS;

export const BILLING_PERIODS = ["week", "month", "quarter", "year"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
