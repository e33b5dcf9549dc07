// Plain (unsigned, readable by the page) preference cookies: locale and theme, mirrored in localStorage (docs/product.md §3)
// and read by the server so the first HTML is already in the right language and theme.
import { THEMES, type Locale, type Theme } from "./constants";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./history";
import { toLocale } from "./i18n";

export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

/** The raw (still encoded) value of cookie `name`. */
function rawCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [rawName, ...rest] = part.trim().split("=");
    if (rawName === name) return rest.join("=");
  }
  return undefined;
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A cookie's value; one that cannot be decoded (bad percent-encoding) is anyone's to send, so it counts as absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  const raw = rawCookie(cookieHeader, name);
  return raw === undefined ? undefined : decode(raw);
}

/** Which of `names` the header carries with a value that cannot be decoded (the worker clears them). */
export function malformedCookies(cookieHeader: string | null | undefined, names: readonly string[]): string[] {
  return names.filter((name) => {
    const raw = rawCookie(cookieHeader, name);
    return raw !== undefined && decode(raw) === undefined;
  });
}

/** The Set-Cookie header that removes cookie `name` (a `__Host-` one is only accepted with Secure). */
export function expiredCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax${name.startsWith("__Host-") ? "; Secure" : ""}`;
}

export function localeFromCookie(cookieHeader: string | null | undefined): Locale {
  return toLocale(readCookie(cookieHeader, "locale"));
}

export function themeFromCookie(cookieHeader: string | null | undefined): Theme {
  const value = readCookie(cookieHeader, "theme");
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "light";
}

/** Desktop history sidebar, per device (decision 0017): read by the root loader so the first HTML is already right. */
export const SIDEBAR_COOKIE = "sidebar";
export const SIDEBAR_STATES = ["open", "closed"] as const;
export type SidebarState = (typeof SIDEBAR_STATES)[number];

export function sidebarFromCookie(cookieHeader: string | null | undefined): SidebarState {
  return readCookie(cookieHeader, SIDEBAR_COOKIE) === "closed" ? "closed" : "open";
}

export function preferenceCookie(name: "locale" | "theme" | "sidebar", value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`;
}

/** The browser's IANA time zone, written by the page so the server groups history by the viewer's local day. */
export const TIME_ZONE_COOKIE = "tz";

export function timeZoneFromCookie(cookieHeader: string | null | undefined): string {
  const value = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  return isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

export function timeZoneCookie(timeZone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`;
}
