// Plain (unsigned, readable by the page) preference cookies: locale and theme, mirrored in localStorage (SPEC §3)
// and read by the server so the first HTML is already in the right language and theme.
import { THEMES, type Locale, type Theme } from "./constants";
import { toLocale } from "./i18n";

export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [rawName, ...rest] = part.trim().split("=");
    if (rawName === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export function localeFromCookie(cookieHeader: string | null | undefined): Locale {
  return toLocale(readCookie(cookieHeader, "locale"));
}

export function themeFromCookie(cookieHeader: string | null | undefined): Theme {
  const value = readCookie(cookieHeader, "theme");
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "light";
}

export function preferenceCookie(name: "locale" | "theme", value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`;
}
