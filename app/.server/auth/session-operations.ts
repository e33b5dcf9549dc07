// Sessions and the viewer's profile inside the person's own object (decision 0039): run by account/operations.ts, called
// through auth/session.ts. A signed-in request asks `auth.whoIs` once and reads nothing shared; every way of ending a
// session deletes its row here, so the device's next request is signed out, whichever worker isolate serves it.
import { eq, lte, ne } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { SESSION_POLICY } from "./policy";

const { sessions, viewerProfile, accountMeta } = accountSchema;

/** The profile row's one id. */
const ME = "me";
/** account_meta: when the sessions were last all ended; a session still in D1 from before (decision 0039) older than that is refused. */
const ENDED_AT = "sessions-ended-at";
/** account_meta: a session moved in from D1 (`legacy-session:<id>`); once ended here, D1's copy cannot bring it back. */
const LEGACY_PREFIX = "legacy-session:";

export type ViewerProfile = Omit<typeof viewerProfile.$inferInsert, "id" | "updatedAt">;
export type ViewerProfileRow = typeof viewerProfile.$inferSelect;

export interface NewSession {
  id: string;
  userAgent: string | null;
  /** Real time: idle and absolute expiry. */
  now: number;
  /** The app clock (clock.ts): recent sign-in and second factor. */
  signedInAt: number;
  secondFactorAt: number;
}

export type WhoIs =
  | { status: "ok"; profile: ViewerProfileRow; signedInAt: number; secondFactorAt: number }
  /** An unverified e-mail-only account: no session counts (decision 0005). */
  | { status: "none" }
  | { status: "profile-unavailable" }
  | { status: "ended"; reason: "auth/user-token-expired" | "auth/user-disabled" | "account/deleted" };

function setProfile({ db }: AccountContext, profile: ViewerProfile): void {
  const row = { ...profile, updatedAt: Date.now() };
  db.insert(viewerProfile)
    .values({ id: ME, ...row })
    .onConflictDoUpdate({ target: viewerProfile.id, set: row })
    .run();
}

function endSessions({ db }: AccountContext, input: { except?: string; now: number }): number {
  const ended = db
    .delete(sessions)
    .where(input.except ? ne(sessions.id, input.except) : undefined)
    .returning({ id: sessions.id })
    .all();
  // Sessions still only in D1 are other devices too: none of them is moved in after this.
  db.insert(accountMeta)
    .values({ key: ENDED_AT, value: String(input.now) })
    .onConflictDoUpdate({ target: accountMeta.key, set: { value: String(input.now) } })
    .run();
  return ended.length;
}

function live(row: typeof sessions.$inferSelect, now: number): boolean {
  return row.expiresAt > now && row.createdAt + SESSION_POLICY.absoluteMs > now;
}

export const sessionOperations = {
  /** The profile a signed-in request shows, kept in step by every change to it (auth/viewer-profile.ts). */
  "auth.setProfile": setProfile,

  /** A sign-in: the new session (replacing the browser's previous one, if it named one) and the profile as it is now. */
  "auth.startSession": (account: AccountContext, input: { session: NewSession; replaces: string | null; profile: ViewerProfile }): void => {
    const { db } = account;
    const { session } = input;
    setProfile(account, input.profile);
    // Expired rows go when a new one comes: the table holds the person's live devices and no more.
    db.delete(sessions).where(lte(sessions.expiresAt, session.now)).run();
    if (input.replaces) db.delete(sessions).where(eq(sessions.id, input.replaces)).run();
    db.insert(sessions)
      .values({
        id: session.id,
        expiresAt: session.now + SESSION_POLICY.idleMs,
        lastSeenAt: session.now,
        userAgent: session.userAgent,
        signedInAt: session.signedInAt,
        secondFactorAt: session.secondFactorAt,
        createdAt: session.now,
      })
      .run();
  },

  /**
   * A session from before this object kept them, read from D1 (auth/session.ts): moved in unless it was already moved
   * in once (and so may have been ended here since) or every session was ended after it began.
   */
  "auth.moveInSession": (
    account: AccountContext,
    input: { session: typeof sessions.$inferInsert & { createdAt: number }; profile?: ViewerProfile },
  ): "moved" | "over" | "profile-needed" => {
    const { db } = account;
    const { session } = input;
    if (db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, session.id)).get()) return "moved";
    const marker = `${LEGACY_PREFIX}${session.id}`;
    const seen = db.select().from(accountMeta).where(eq(accountMeta.key, marker)).get();
    const endedAt = Number(db.select().from(accountMeta).where(eq(accountMeta.key, ENDED_AT)).get()?.value ?? 0);
    if (seen || session.createdAt <= endedAt) return "over";
    // The caller reads the profile from D1 only for a session that is really moved in.
    if (!input.profile) return "profile-needed";
    setProfile(account, input.profile);
    db.insert(sessions).values(session).run();
    db.insert(accountMeta)
      .values({ key: marker, value: String(Date.now()) })
      .run();
    return "moved";
  },

  /**
   * Who the request's session is: its profile and proofs, or why it counts as signed out. Expired sessions go; every
   * session of a disabled account, or one being deleted, is over. lastSeenAt is written at most every touchEveryMs.
   */
  "auth.whoIs": ({ db }: AccountContext, input: { sessionId: string; now: number }): WhoIs => {
    const { sessionId, now } = input;
    const session = db.select().from(sessions).where(eq(sessions.id, sessionId)).get();
    if (!session) return { status: "ended", reason: "auth/user-token-expired" };
    if (!live(session, now)) {
      db.delete(sessions).where(eq(sessions.id, sessionId)).run();
      return { status: "ended", reason: "auth/user-token-expired" };
    }
    const profile = db.select().from(viewerProfile).where(eq(viewerProfile.id, ME)).get();
    if (!profile) return { status: "profile-unavailable" };
    // Every device of a disabled account is told so on its next request (the rows stay: sign-in is refused anyway).
    if (profile.disabledAt) return { status: "ended", reason: "auth/user-disabled" };
    // Its sessions went with the first step of the deletion (decision 0033); one that slipped in meanwhile ends here.
    if (profile.deletingAt) {
      db.delete(sessions).run();
      return { status: "ended", reason: "account/deleted" };
    }
    if (!profile.emailVerified && !profile.otherWayIn) return { status: "none" };
    if (now - session.lastSeenAt > SESSION_POLICY.touchEveryMs) {
      db.update(sessions)
        .set({ lastSeenAt: now, expiresAt: Math.min(now + SESSION_POLICY.idleMs, session.createdAt + SESSION_POLICY.absoluteMs) })
        .where(eq(sessions.id, sessionId))
        .run();
    }
    return { status: "ok", profile, signedInAt: session.signedInAt, secondFactorAt: session.secondFactorAt };
  },

  /** One live session (the OAuth callback's "the session that started the flow"), or null. */
  "auth.session": ({ db }: AccountContext, input: { sessionId: string; now: number }) => {
    const row = db.select().from(sessions).where(eq(sessions.id, input.sessionId)).get();
    return row && live(row, input.now) ? row : null;
  },

  /** The live sessions, newest first (Settings' devices). */
  "auth.sessions": ({ db }: AccountContext, input: { now: number }) =>
    db
      .select()
      .from(sessions)
      .all()
      .filter((row) => live(row, input.now))
      .sort((a, b) => b.createdAt - a.createdAt),

  /** This browser signs out. */
  "auth.endSession": ({ db }: AccountContext, sessionId: string): void => {
    db.delete(sessions).where(eq(sessions.id, sessionId)).run();
  },

  /** Signs out everywhere, or everywhere but `except` ("sign out of other devices"); answers how many ended. */
  "auth.endSessions": endSessions,

  /** This session just proved the second factor (decision 0028). */
  "auth.markSecondFactor": ({ db }: AccountContext, input: { sessionId: string; at: number }): void => {
    db.update(sessions).set({ secondFactorAt: input.at }).where(eq(sessions.id, input.sessionId)).run();
  },
};
