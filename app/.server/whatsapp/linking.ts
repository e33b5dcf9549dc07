// Linking a WhatsApp number to an account by the one-time code the web dialog made (link-codes.ts). The code is
// spent atomically, so two messages racing with one code link once; the number that sent it is the one linked,
// since WhatsApp has already proven the sender owns it.
import type { User } from "../../../db/schema";

export interface LinkRow {
  id: string;
  user_id: string;
  phone: string;
  thread_id: string | null;
  model: string | null;
  last_inbound_at: number | null;
  /** The "reply with voice" setting (0 or 1, as D1 returns it). */
  voice_replies: number;
}

export async function findLink(db: D1Database, phone: string): Promise<LinkRow | null> {
  return db
    .prepare("SELECT id, user_id, phone, thread_id, model, last_inbound_at, voice_replies FROM whatsapp_links WHERE phone = ?1")
    .bind(phone)
    .first<LinkRow>();
}

type LinkedUser = Pick<User, "id" | "displayName" | "locale" | "accessLevel">;
export type LinkOutcome = { ok: true; user: LinkedUser } | { ok: false };

/**
 * Spends `code` and links `phone` to its account: one account per number (a code for a number linked elsewhere
 * moves it) and one number per account (a new number replaces the old). A wrong, used or expired code links nothing.
 */
export async function linkWithCode(db: D1Database, code: string, phone: string, now = Date.now()): Promise<LinkOutcome> {
  const spent = await db
    .prepare("UPDATE whatsapp_link_codes SET used_at = ?2 WHERE code = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING user_id, model")
    .bind(code, now)
    .first<{ user_id: string; model: string | null }>();
  if (!spent) return { ok: false };
  const user = await db
    .prepare("SELECT id, display_name AS displayName, locale, access_level AS accessLevel FROM users WHERE id = ?1 AND disabled_at IS NULL")
    .bind(spent.user_id)
    .first<LinkedUser>();
  if (!user) return { ok: false };
  // The same person linking the same number again keeps the conversation they were in.
  const previous = await findLink(db, phone);
  const threadId = previous?.user_id === user.id ? previous.thread_id : null;
  await db.batch([
    db.prepare("DELETE FROM whatsapp_links WHERE phone = ?1 OR user_id = ?2").bind(phone, user.id),
    db
      .prepare(
        "INSERT INTO whatsapp_links (id, user_id, phone, thread_id, model, verified_at, last_inbound_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?6)",
      )
      .bind(crypto.randomUUID(), user.id, phone, threadId, spent.model, now),
  ]);
  return { ok: true, user };
}
