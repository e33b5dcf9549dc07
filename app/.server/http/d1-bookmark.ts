// The D1 bookmark a browser carries between its requests (docs/decisions/0001-workers-layout.md "D1 sessions"): after
// a request that wrote, the cookie holds the newest bookmark of its D1 sessions, signed; the next request starts
// its session there, so a read replica can serve it but never one older than the person's own writes.
import { isSecureRequest } from "../auth/session";
import { signValue, verifySignedValue } from "../auth/signing";
import { BOOKMARK_PATTERN } from "../db-session";
import { readCookie } from "../../lib/cookies";

export const D1_BOOKMARK_COOKIE = "d1b";

/**
 * A day: replicas lag by seconds, so a bookmark is only needed briefly; a day also covers a replica that was idle
 * and starts again. Without one, the request's first query may go to any replica.
 */
const BOOKMARK_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The bookmark this browser brought back, or null. A value the server did not sign (a forged or edited cookie, one
 * from another deployment), or one that is not a D1 bookmark, is ignored: D1 is never asked to wait for a state that
 * may never exist.
 */
export async function readD1Bookmark(request: Request, secret: string): Promise<string | null> {
  const signed = readCookie(request.headers.get("Cookie"), D1_BOOKMARK_COOKIE);
  if (!signed) return null;
  const bookmark = await verifySignedValue(secret, "d1-bookmark", signed);
  return bookmark && BOOKMARK_PATTERN.test(bookmark) ? bookmark : null;
}

/** The Set-Cookie header that carries `bookmark` to the browser's next requests; null for what is not a bookmark. */
export async function d1BookmarkCookie(request: Request, secret: string, bookmark: string): Promise<string | null> {
  if (!BOOKMARK_PATTERN.test(bookmark)) return null;
  const signed = await signValue(secret, "d1-bookmark", bookmark);
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${D1_BOOKMARK_COOKIE}=${signed}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
