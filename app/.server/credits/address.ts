// The network a visitor's allowance is also counted on (docs/decisions/0011-guest-allowance.md): an IPv4 address as
// is, an IPv6 address by its /64, since one household, phone or server is handed a whole /64 and can pick any
// address in it for free.
import type { AppEnv } from "../env";

const MAX_LENGTH = 64;

/** The eight 16-bit words of an IPv6 address, or null when `text` is not one. */
function ipv6Words(text: string): number[] | null {
  // An embedded IPv4 address (::ffff:203.0.113.7) is written as its last two words.
  const withoutDots = text.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, a: string, b: string, c: string, d: string) => {
    const bytes = [a, b, c, d].map(Number);
    if (bytes.some((byte) => byte > 255)) return "x";
    return `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  });
  const halves = withoutDots.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((word) => (/^[0-9a-f]{1,4}$/.test(word) ? parseInt(word, 16) : NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  const known = head.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...head, ...Array<number>(8 - known).fill(0), ...tail];
}

/** The counter key for a client address (CF-Connecting-IP): IPv4 whole, IPv6 as its /64 prefix. */
export function addressBucket(address: string): string {
  const text = address.trim().toLowerCase().replace(/%.*$/, "");
  if (text.includes(":")) {
    const words = ipv6Words(text);
    if (words) {
      const mapped = words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;
      if (mapped) return [words[6]! >> 8, words[6]! & 255, words[7]! >> 8, words[7]! & 255].join(".");
      return `${words
        .slice(0, 4)
        .map((word) => word.toString(16))
        .join(":")}::/64`;
    }
  }
  return text.slice(0, MAX_LENGTH);
}

/** A credits counter object by name: an address's (`addressCounterName`), Pro's voice minutes, or an account's old one. */
export function creditsCounter(env: Pick<AppEnv, "CREDITS">, name: string) {
  return env.CREDITS.get(env.CREDITS.idFromName(name));
}

/** A guest charged without an address (no caller should) shares one counter with every other such guest. */
export const addressCounterName = (address: string | undefined) => `addr:${addressBucket(address ?? "unknown")}`;
/** The address counter holds every guest's charges: each key is the guest's own, so two guests never share one. */
export const addressKey = (accountId: string, key: string) => `${accountId}:${key}`;
