// One-time links for email verification and password reset: random tokens, stored only as SHA-256, expiring,
// single-use, and only the newest link of a kind works (asking again retires the older ones).
import { and, eq, isNull } from "drizzle-orm";
import { getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { randomToken, sha256Hex } from "./crypto";
import { EMAIL_TOKEN_TTL } from "./policy";

export type EmailTokenPurpose = keyof typeof EMAIL_TOKEN_TTL;

/** Stores a new link's token (made here, or up front by a caller that must know it before the account is looked up). */
export async function createEmailToken(
  env: AppEnv,
  userId: string,
  purpose: EmailTokenPurpose,
  { now = Date.now(), token = randomToken(32) }: { now?: number; token?: string } = {},
): Promise<string> {
  const db = getPrimaryDb(env);
  const tokenHash = await sha256Hex(token);
  await db.batch([
    db
      .update(schema.emailTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.emailTokens.userId, userId), eq(schema.emailTokens.purpose, purpose), isNull(schema.emailTokens.usedAt))),
    db.insert(schema.emailTokens).values({ id: crypto.randomUUID(), userId, purpose, tokenHash, expiresAt: now + EMAIL_TOKEN_TTL[purpose], createdAt: now }),
  ]);
  return token;
}

async function findUsable(env: AppEnv, token: string, purpose: EmailTokenPurpose, now: number) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("auth/invalid-action-code");
  const tokenHash = await sha256Hex(token);
  const row = (
    await getPrimaryDb(env)
      .select()
      .from(schema.emailTokens)
      .where(and(eq(schema.emailTokens.tokenHash, tokenHash), eq(schema.emailTokens.purpose, purpose)))
      .limit(1)
  )[0];
  if (!row || row.usedAt !== null) throw new AppError("auth/invalid-action-code");
  if (row.expiresAt <= now) throw new AppError("auth/expired-action-code");
  return row;
}

/** Checks a link without using it up (the reset page shows its form only for a link that still works). */
export async function checkEmailToken(env: AppEnv, token: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<string> {
  return (await findUsable(env, token, purpose, now)).userId;
}

/** Uses a link up and returns its user id. A link used concurrently succeeds for exactly one caller. */
export async function consumeEmailToken(env: AppEnv, token: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<string> {
  const row = await findUsable(env, token, purpose, now);
  const claimed = await getPrimaryDb(env)
    .update(schema.emailTokens)
    .set({ usedAt: now })
    .where(and(eq(schema.emailTokens.id, row.id), isNull(schema.emailTokens.usedAt)))
    .returning({ userId: schema.emailTokens.userId });
  if (!claimed[0]) throw new AppError("auth/invalid-action-code");
  return claimed[0].userId;
}
