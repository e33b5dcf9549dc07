// Development conveniences (/dev/mailbox, /dev/clock) exist only for a developer on their own machine: APP_ENV is
// "development" AND the request comes from this machine (SECURITY.md "Development pages"). Everywhere else they
// answer 404, as if they did not exist, so a deploy that forgets APP_ENV or runs as "test" exposes nothing.
import type { AppConfig } from "../env";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** 127.0.0.0/8, ::1 in any spelling, and IPv4-mapped 127.x (how a dual-stack socket reports a local IPv4 peer). */
export function isLoopbackAddress(address: string): boolean {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/%.*$/, "")
    .replace(/^::ffff:/, "");
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain) || /^(0{0,4}:){2,7}0{0,3}1$/.test(plain);
}

/**
 * From this machine: no CF-Connecting-IP (a local runtime without Cloudflare in front) or a loopback one, and
 * addressed to localhost. In production Cloudflare sets CF-Connecting-IP to the real client, which no request can
 * override, so this never holds there.
 */
export function isLocalRequest(request: Request): boolean {
  const address = request.headers.get("CF-Connecting-IP");
  if (address !== null && !isLoopbackAddress(address)) return false;
  return LOCAL_HOSTS.has(new URL(request.url).hostname);
}

/** Whether a development convenience may answer: APP_ENV=development and a request from this machine. */
export function isLocalDevelopment(request: Request, config: Pick<AppConfig, "appEnv">): boolean {
  return config.appEnv === "development" && isLocalRequest(request);
}
