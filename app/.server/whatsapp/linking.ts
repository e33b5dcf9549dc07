// Linking a WhatsApp number to an account by the one-time code the web dialog made (link-codes.ts). The code is
// spent atomically, so two messages racing with one code link once; the number that sent it is the one linked,
// since WhatsApp has already proven the sender owns it.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { getDb, schema } from "../db";

export type WhatsAppLink = typeof schema.whatsappLinks.$inferSelect;

export async function findLink(db: D1Database, phone: string): Promise<WhatsAppLink | null> {
  const link = await getDb({ DB: db }).query.whatsappLinks.findFirst({ where: eq(schema.whatsappLinks.phone, phone) });
  return link ?? null;
}

type LinkedUser = Pick<User, "id" | "displayName" | "locale" | "accessLevel">;
export type LinkOutcome = { ok: true; user: LinkedUser } | { ok: false };

/**
 * Spends `code` and links `phone` to its account: one account per number (a code for a number linked elsewhere
 * moves it) and one number per account (a new number replaces the old). A wrong, used or expired code links nothing.
 */
export async function linkWithCode(db: D1Database, code: string, phone: string, now = Date.now()): Promise<LinkOutcome> {
  const orm = getDb({ DB: db });
  const codes = schema.whatsappLinkCodes;
  // One statement spends the code: of two messages racing with it, only one gets the row back.
  const spent = await orm
    .update(codes)
    .set({ usedAt: now })
    .where(and(eq(codes.code, code), isNull(codes.usedAt), gt(codes.expiresAt, now)))
    .returning({ userId: codes.userId, model: codes.model })
    .get();
  if (!spent) return { ok: false };
  const user = await orm.query.users.findFirst({
    columns: { id: true, displayName: true, locale: true, accessLevel: true },
    where: and(eq(schema.users.id, spent.userId), isNull(schema.users.disabledAt)),
  });
  if (!user) return { ok: false };
  // The same person linking the same number again keeps the conversation they were in.
  const previous = await findLink(db, phone);
  const threadId = previous?.userId === user.id ? previous.threadId : null;
  const links = schema.whatsappLinks;
  await orm.batch([
    orm.delete(links).where(or(eq(links.phone, phone), eq(links.userId, user.id))),
    orm.insert(links).values({
      id: crypto.randomUUID(),
      userId: user.id,
      phone,
      threadId,
      model: spent.model,
      verifiedAt: now,
      lastInboundAt: now,
      createdAt: now,
    }),
  ]);
  return { ok: true, user };
}
