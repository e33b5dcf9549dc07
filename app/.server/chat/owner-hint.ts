// Whose a session was the last time this isolate verified it: a hint that lets a chat turn be charged and its
// upstream request sent before the session is read again (decision 0009). Never used to grant anything: nothing of
// the turn is written or shown until the session read agrees, and a turn whose hint turns out wrong (signed out,
// disabled, plan changed) is cancelled, its charge given back, and started over for the real owner.
import { readSessionRef } from "../auth/session";
import type { Owner } from "../account/owner";
import type { ActingViewer } from "./viewer";

/** Enough for every account one isolate serves at a time; the oldest entries go first. */
const MAX_HINTS = 2_000;
const hints = new Map<string, Owner>();

function remember(sessionId: string, owner: Owner) {
  hints.delete(sessionId);
  hints.set(sessionId, owner);
  if (hints.size > MAX_HINTS) hints.delete(hints.keys().next().value!);
}

/** The owner last verified for the request's session cookie, if this isolate has seen it. */
export async function ownerHint(request: Request): Promise<{ sessionId: string; owner: Owner } | undefined> {
  if (hints.size === 0) return undefined;
  const session = await readSessionRef(request);
  if (!session) return undefined;
  const { sessionId } = session;
  const owner = hints.get(sessionId);
  return owner ? { sessionId, owner } : undefined;
}

/**
 * The turn's real owner once the session has been read; remembered as the hint for this session's next turn, or
 * the stale hint dropped when the cookie no longer names a live session.
 */
export async function verifiedOwner(acting: Promise<ActingViewer>, hint?: { sessionId: string }): Promise<Owner> {
  const { viewer, accountId } = await acting;
  const owner = { accountId, plan: viewer.plan };
  if (viewer.kind === "user") remember(viewer.sessionId, owner);
  else if (hint) hints.delete(hint.sessionId);
  return owner;
}

export const sameOwner = (a: Owner, b: Owner) => a.accountId === b.accountId && a.plan === b.plan;
