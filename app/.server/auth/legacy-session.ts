// Cookies from before sessions lived in the account's object (decision 0039): the token alone, its session a row of
// D1's `sessions` table, which nothing writes any more. Such a session is moved into the account's object once, and
// auth/session.ts rewrites the cookie to name the account. Once db/legacy/drop_d1_sessions.sql has dropped the table,
// an old cookie is simply over, like an expired one. That drop moves into db/migrations once SESSION_POLICY.absoluteMs
// has passed since decision 0039's deploy (no such session can be live then), and the same change deletes this
// module, its use in auth/session.ts, `legacySessions` and the retention rule for `sessions`.
import { eq } from "drizzle-orm";
import { legacySessions } from "../../../db/legacy-schema";
import { inAccount } from "../account/client";
import { unlessDeleted } from "../account/tombstone";
import { getDb } from "../db";
import { unlessDropped } from "../dropped-table";
import type { AppEnv } from "../env";
import { sha256Hex } from "./crypto";
import { SESSION_POLICY } from "./policy";
import type { WhoIs } from "./session-operations";
import { loadViewerProfile } from "./viewer-profile";

/** A cookie of the old format: the token alone. */
const LEGACY_VALUE = /^[A-Za-z0-9_-]{43}$/;

export function isLegacyCookie(value: string | undefined): value is string {
  return value !== undefined && LEGACY_VALUE.test(value);
}

export type LegacyMove =
  | { status: "moved"; userId: string; sessionId: string }
  | Extract<WhoIs, { status: "ended" }>
  /** The session was live but the account's profile could not be read from D1 (treated as signed out). */
  | { status: "profile-unavailable" };

const ENDED: LegacyMove = { status: "ended", reason: "auth/user-token-expired" };

/** The old session's row, or null when there is none: never made, deleted by retention, or the table dropped. */
async function legacyRow(env: AppEnv, id: string) {
  return unlessDropped(async () => (await getDb(env).select().from(legacySessions).where(eq(legacySessions.id, id)).get()) ?? null, null, "sessions");
}

/**
 * Moves the old cookie's session into the account's object: read from D1 once, taken over by the object, which refuses
 * a session moved in before or begun before the account's sessions were all ended. Until the browser has the new
 * cookie (an API call sets none), each request with the old one reads D1 again.
 */
export async function moveInLegacySession(env: AppEnv, token: string, now: number): Promise<LegacyMove> {
  const id = await sha256Hex(token);
  const row = await legacyRow(env, id);
  if (!row || row.expiresAt <= now || row.createdAt + SESSION_POLICY.absoluteMs <= now) return ENDED;
  const { userId, ...session } = row;
  let moved = await unlessDeleted(inAccount(env, userId, "auth.moveInSession", { session }), "over" as const);
  if (moved === "profile-needed") {
    const profile = await loadViewerProfile(env, userId);
    if (!profile) return { status: "profile-unavailable" };
    moved = await unlessDeleted(inAccount(env, userId, "auth.moveInSession", { session, profile }), "over" as const);
  }
  return moved === "moved" ? { status: "moved", userId, sessionId: id } : ENDED;
}
