// Linking a WhatsApp number to an account by the one-time code the web dialog made (link-codes.ts). The code is
// spent atomically, so two messages racing with one code link once; the number that sent it is the one linked,
// since WhatsApp has already proven the sender owns it. A number's object keeps the data of the account it is linked
// to (decision 0036): a number moving to another account, or replaced by another number, has its object emptied.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { findUser } from "../auth/accounts";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { linkedPhoneOf, numberObject } from "./number";

export type WhatsAppLink = typeof schema.whatsappLinks.$inferSelect;

export async function findLink(env: AppEnv, phone: string): Promise<WhatsAppLink | null> {
  const link = await getDb(env).query.whatsappLinks.findFirst({ where: eq(schema.whatsappLinks.phone, phone) });
  return link ?? null;
}

export type LinkOutcome = { ok: true; user: User; link: WhatsAppLink } | { ok: false };

/**
 * The account a link belongs to, unless it has been disabled or is being deleted since (decision 0033): then the
 * number is treated as unlinked, and a code made for it links nothing.
 */
export async function linkedAccount(env: AppEnv, userId: string): Promise<User | null> {
  const user = await findUser(env, userId);
  return user && !user.disabledAt && !user.deletingAt ? user : null;
}

/**
 * Spends `code` and links `phone` to its account: one account per number (a code for a number linked elsewhere
 * moves it) and one number per account (a new number replaces the old). A wrong, used or expired code links nothing.
 * `answering` is the message carrying the code: its claim stays in the number's object whatever else is emptied.
 */
export async function linkWithCode(env: AppEnv, code: string, phone: string, now = Date.now(), options: { answering?: string } = {}): Promise<LinkOutcome> {
  const orm = getDb(env);
  const codes = schema.whatsappLinkCodes;
  // One statement spends the code: of two messages racing with it, only one gets the row back.
  const spent = await orm
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.code, code), isNull(codes.usedAt), gt(codes.expiresAt, now)))
    .returning({ userId: codes.userId, model: codes.model })
    .get();
  if (!spent) return { ok: false };
  const user = await linkedAccount(env, spent.userId);
  if (!user) return { ok: false };
  // The same person linking the same number again keeps the conversation they were in.
  const [previous, replaced] = await Promise.all([findLink(env, phone), linkedPhoneOf(env, user.id)]);
  const threadId = previous?.userId === user.id ? previous.threadId : null;
  const links = schema.whatsappLinks;
  const link: WhatsAppLink = {
    id: crypto.randomUUID(),
    userId: user.id,
    phone,
    threadId,
    model: spent.model,
    verifiedAt: now,
    lastInboundAt: now,
    voiceReplies: false,
    createdAt: now,
  };
  await orm.batch([orm.delete(links).where(or(eq(links.phone, phone), eq(links.userId, user.id))), orm.insert(links).values(link)]);
  // What the number's object kept belonged to the account it was linked to; the account's old number is no longer its.
  if (previous && previous.userId !== user.id) await numberObject(env, phone).erase(options.answering);
  if (replaced && replaced !== phone) await numberObject(env, replaced).erase();
  return { ok: true, user, link };
}
