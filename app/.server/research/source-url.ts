// Which addresses deep research may read (docs/decisions/0041-research-sources-and-exports.md, "The URL rule"):
// the source check and the research loop share this one rule, so a page the loop was not allowed to read cannot be
// "checked" either. HTTPS on the default port, a public host name or a public IP literal, no credentials in the URL.
// Cloudflare's own fetch never reaches a private network from a Worker; this rule is what keeps that true under
// `wrangler dev` and against a name that is plainly local.

/** Names that only mean something inside one network (RFC 6761, RFC 6762, RFC 8375, and common private suffixes). */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".intranet", ".lan", ".home", ".corp", ".home.arpa", ".arpa", ".test", ".invalid"];

/** IPv4 ranges a source may not be: [first octets as a 32-bit number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  if (value === null) return true;
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base) ?? 0;
    return value >= start && value < start + size;
  });
}

/** The first 32 bits of an IPv6 address the URL parser has already normalised (lower case, compressed). */
function v6Head(address: string): number[] | null {
  const [head = "", tail] = address.split("::");
  const groups = head === "" ? [] : head.split(":");
  if (tail !== undefined && groups.length < 2) {
    const rest = tail === "" ? [] : tail.split(":");
    while (groups.length + rest.length < 8 && groups.length < 2) groups.push("0");
    groups.push(...rest);
  }
  const first = groups.slice(0, 2).map((group) => parseInt(group, 16));
  return first.length === 2 && first.every((value) => Number.isInteger(value) && value >= 0 && value <= 0xffff) ? first : null;
}

/**
 * Only global unicast (2000::/3) counts as public, without the blocks that are documentation (2001:db8::/32) or that
 * carry an IPv4 address inside (6to4 2002::/16, Teredo 2001::/32): loopback, unspecified, ULA fc00::/7, link-local
 * fe80::/10, multicast, IPv4-mapped ::ffff:0:0/96 and NAT64 64:ff9b::/96 all fall outside 2000::/3.
 */
function isPrivateV6(address: string): boolean {
  const head = v6Head(address);
  if (!head) return true;
  const [first = 0, second = 0] = head;
  if ((first & 0xe000) !== 0x2000) return true;
  if (first === 0x2002) return true;
  if (first === 0x2001 && (second === 0x0db8 || second === 0)) return true;
  return false;
}

/** Why an address is refused, or null when a source there may be read. */
export function sourceUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:") return "not HTTPS";
  if (url.username || url.password) return "credentials in the URL";
  if (url.port !== "" && url.port !== "443") return "not the HTTPS port";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[")) return isPrivateV6(host.slice(1, -1)) ? "private IPv6 address" : null;
  // The URL parser has already turned decimal, octal and hex spellings of an IPv4 address into dotted form.
  if (/^[\d.]+$/.test(host)) return isPrivateV4(host) ? "private IPv4 address" : null;
  if (!host.includes(".")) return "single-label name";
  if (host === "localhost" || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "local name";
  return null;
}

/** True when deep research may fetch this address (the loop's reads and the source check use the same rule). */
export function isFetchableSourceUrl(raw: string): boolean {
  return sourceUrlProblem(raw) === null;
}
