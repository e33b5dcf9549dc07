// Reading an answer the way its client would, whatever it is (JSON, Remix single fetch, HTML, plain text, a
// redirect), to find the message a person would see and check it is in the language they asked in.
import en from "../../locales/en";
import tr from "../../locales/tr";
import { errorStatus } from "../../app/.server/errors";
import { decodeSingleFetch } from "../integration/auth-helpers";
import type { Sent } from "./world";

function strings(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  if (tree && typeof tree === "object") return Object.values(tree).flatMap(strings);
  return [];
}

/** Every string of each language; a message must be one of its own language's. */
export const LANGUAGE_STRINGS = { en: new Set(strings(en)), tr: new Set(strings(tr)) };

export interface Reading {
  /** What a person would be shown, when the answer is an error; null when there is none to find. */
  message: string | null;
  /** Where a refusing browser flow sends the person (sign-in, or a page that shows `?error=<code>`). */
  redirect: string | null;
  /** The answer says it failed (`ok: false` or an `error`), whatever its status. */
  saysError: boolean;
}

function fromData(value: unknown): Pick<Reading, "message" | "saysError"> {
  if (!value || typeof value !== "object") return { message: null, saysError: false };
  const body = value as { ok?: unknown; error?: unknown; message?: unknown };
  const error = body.error as { message?: unknown } | string | undefined;
  const message = typeof body.message === "string" ? body.message : typeof error === "object" && typeof error?.message === "string" ? error.message : null;
  return { message, saysError: body.ok === false || error !== undefined };
}

function unescapeHtml(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (named[name] ?? entity),
  );
}

export function read(sent: Sent): Reading {
  const type = sent.headers.get("Content-Type") ?? "";
  const location = sent.headers.get("Location");
  if (sent.status >= 300 && sent.status < 400) return { message: null, redirect: location, saysError: false };
  if (type.includes("json")) {
    try {
      return { ...fromData(JSON.parse(sent.text)), redirect: null };
    } catch {
      return { message: null, redirect: null, saysError: false };
    }
  }
  if (type.includes("text/x-script")) {
    // Remix single fetch: `{ data }` for an action, `{ redirect }` for a redirect, `{ <routeId>: { data | error } }`.
    const decoded = decodeSingleFetch(sent.text) as Record<string, unknown>;
    if (typeof decoded.redirect === "string") return { message: null, redirect: decoded.redirect, saysError: false };
    const payload = "data" in decoded ? decoded.data : Object.values(decoded).map((route) => (route as { data?: unknown })?.data)[0];
    return { ...fromData(payload), redirect: null };
  }
  if (type.includes("text/html")) {
    const lang = /<html[^>]*\blang="(\w+)"/.exec(sent.text)?.[1] ?? null;
    const shown = [...sent.text.matchAll(/<(?:h1|p|title)[^>]*>([^<]+)</g)].map((match) => unescapeHtml(match[1]!.trim()));
    const known = lang === "tr" || lang === "en" ? shown.find((text) => LANGUAGE_STRINGS[lang].has(text)) : undefined;
    return { message: known ?? null, redirect: null, saysError: sent.status >= 400 };
  }
  return { message: sent.text.trim() || null, redirect: null, saysError: sent.status >= 400 };
}

/** A redirect that refuses: to sign in first, or to a page that shows one of docs/product.md §8's errors. */
export function isRefusalRedirect(target: string | null): boolean {
  if (!target) return false;
  const url = new URL(target, "https://app.example");
  if (url.pathname === "/auth/login" && url.searchParams.has("redirectTo")) return true;
  const code = url.searchParams.get("error");
  return code !== null && code in errorStatus;
}
