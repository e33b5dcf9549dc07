// docs/product.md §3/§4's tempMessage (message and file): what a visitor asked, with the image they attached, when they were told
// to sign in first survives the sign-in (the auth dialog, an e-mail link or an OAuth round trip in the same tab) and is
// sent once they are back, signed in. The image is kept by its upload id: signing in moves the visitor's uploads to
// the account (auth/profile.ts adoptGuestData), so the same id is theirs afterwards.
// Also the composer's draft, so an expired session or a reload does not lose what someone was typing.
// sessionStorage: per tab, gone with the tab, never sent anywhere.

const TEMP_KEY = "tempMessage";
const DRAFT_PREFIX = "draft:";
/** A message older than this is not sent on its own any more: the moment has passed. */
const TEMP_MAX_AGE_MS = 30 * 60_000;

export interface TempMessage {
  text: string;
  /** The attached image's upload id, or null. */
  attachmentId: string | null;
  /** The page it was typed on; it is sent only there. */
  path: string;
  savedAt: number;
}

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveTempMessage(message: { text: string; attachmentId?: string | null }, path: string, now = Date.now()): void {
  try {
    session()?.setItem(TEMP_KEY, JSON.stringify({ text: message.text, attachmentId: message.attachmentId ?? null, path, savedAt: now } satisfies TempMessage));
  } catch {
    // Storage full or blocked: the text is still in the box.
  }
}

/** The waiting message for `path`, removed as it is taken (so it is sent once), or null. */
export function takeTempMessage(path: string, now = Date.now()): TempMessage | null {
  const storage = session();
  const raw = storage?.getItem(TEMP_KEY);
  if (!raw) return null;
  let parsed: Partial<TempMessage> | null = null;
  try {
    parsed = JSON.parse(raw) as Partial<TempMessage>;
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.path !== path) return null;
  storage?.removeItem(TEMP_KEY);
  if (typeof parsed.text !== "string" || !parsed.text.trim() || typeof parsed.savedAt !== "number" || now - parsed.savedAt > TEMP_MAX_AGE_MS) return null;
  const attachmentId = typeof parsed.attachmentId === "string" && parsed.attachmentId ? parsed.attachmentId : null;
  return { text: parsed.text, attachmentId, path, savedAt: parsed.savedAt };
}

export function readDraft(path: string): string {
  return session()?.getItem(DRAFT_PREFIX + path) ?? "";
}

export function writeDraft(path: string, text: string): void {
  try {
    if (text) session()?.setItem(DRAFT_PREFIX + path, text);
    else session()?.removeItem(DRAFT_PREFIX + path);
  } catch {
    // Ignored: the draft simply is not kept.
  }
}
