// WhatsApp facts shared by the web dialog (client), the webhook worker and the inbox consumer: the one-time link
// code's shape and lifetime, how a code is found in a message, and how a linked number is shown.

/** A link code lives this long (decision 0010: a one-time link code that expires in 15 minutes). */
export const LINK_CODE_TTL_MS = 15 * 60 * 1000;

/** Crockford's base32 without I, L, O and U: nothing a person could misread when the prefilled text is edited. */
export const LINK_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const LINK_CODE_LENGTH = 8;

/** The code inside the prefilled text reads "LINK-XXXX-XXXX", so it stands out and is found again in any language. */
export const LINK_CODE_PREFIX = "LINK-";

/** "ABCD2345" -> "LINK-ABCD-2345" */
export function formatLinkCode(code: string): string {
  return `${LINK_CODE_PREFIX}${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The code a message carries, normalised ("ABCD2345"), or null. Found by its "LINK-" prefix, so an ordinary
 * question is never taken for a code; case, spaces and a missing dash are forgiven.
 */
export function findLinkCode(text: string): string | null {
  const match = /\bLINK[\s-]*([0-9A-Z]{4})[\s-]*([0-9A-Z]{4})\b/i.exec(text);
  return match ? `${match[1]}${match[2]}`.toUpperCase() : null;
}

/** "905321234567" -> "+•••• ••• 4567": a linked number shown with only its last four digits. */
export function maskPhone(digits: string): string {
  const last = digits.slice(-4);
  return `+${"•".repeat(Math.max(digits.length - 4, 2))}${last}`;
}

/** International digits only: "+90 532 123 45 67" -> "905321234567". */
export function phoneDigits(value: string): string {
  return value.replace(/[^\d]/g, "");
}
