// The chat routes' view of who is asking: visitors get a guest id the first time they need one.
import type { AppContext } from "../context";
import { getViewer, issueGuestId, type Viewer } from "../identity";

export interface ActingViewer {
  viewer: Viewer;
  accountId: string;
  /** Set when a guest id was just made, or an old session cookie was moved in (decision 0039); the response must carry it. */
  setCookie: string | null;
}

export async function actingViewer(request: Request, context: AppContext): Promise<ActingViewer> {
  const viewer = await getViewer(request, context);
  if (viewer.accountId) return { viewer, accountId: viewer.accountId, setCookie: (viewer.kind === "user" && viewer.setCookie) || null };
  const guest = await issueGuestId(request, context.config);
  return { viewer, accountId: guest.guestId, setCookie: guest.setCookie };
}
