// Passkeys outlive passwords (decision 0028): a passkey someone added while holding the account is still a way in
// after the owner changes the password or signs every other device out. So each of those mails the account its
// passkeys (names and dates) with one link that removes them all: a single-use e-mail token (email-tokens.ts, only
// its SHA-256 stored), signed with its own purpose key (signing.ts, decision 0005 "Signed values"), so a value made
// for anything else, or made up, is refused before the database is asked.
import { eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { getPrimaryDb, schema } from "../db";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import { loadConfig, type AppEnv } from "../env";
import { AppError } from "../errors";
import type { LinkContext } from "./accounts";
import { consumeEmailToken, createEmailToken } from "./email-tokens";
import { THROTTLE } from "./policy";
import { securityEventStatement } from "./security-activity";
import { countAttempt, throttleKeys } from "./throttle";
import { signValue, verifySignedValue } from "./signing";
import { destroyUserSessions } from "./session";
import { syncViewerProfile } from "./viewer-profile";

/** What the notice says happened, `emails.passkeysNotice.changes.<change>`. */
export type PasskeysNoticeChange = "password-changed" | "signed-out-others";

/** The page that takes the link (routes/auth.remove-passkeys.tsx). */
export const REMOVE_PASSKEYS_PATH = "/auth/remove-passkeys";

/**
 * Mails the account its passkeys and the link that removes them, after `change`; nothing when it has none, and nothing
 * past 5 such mails an hour (signing out elsewhere again and again must not flood the inbox; the change itself is done).
 * A mail that cannot be sent is logged and does not undo the change (as for every security notice).
 */
export async function mailPasskeysNotice(env: AppEnv, user: Pick<User, "id" | "email">, change: PasskeysNoticeChange, link: LinkContext): Promise<void> {
  try {
    const passkeys = await getPrimaryDb(env)
      .select({ name: schema.passkeys.name, createdAt: schema.passkeys.createdAt, lastUsedAt: schema.passkeys.lastUsedAt })
      .from(schema.passkeys)
      .where(eq(schema.passkeys.userId, user.id))
      .orderBy(schema.passkeys.createdAt);
    if (passkeys.length === 0) return;
    if (!(await countAttempt(env, throttleKeys.emails("remove-passkeys", user.id), THROTTLE.emailsPerAccount)).allowed) return;
    const token = await createEmailToken(env, user.id, "remove-passkeys");
    const signed = await signValue(loadConfig(env).sessionSecret, "passkey-removal", token);
    const url = `${link.origin}${REMOVE_PASSKEYS_PATH}?token=${signed}`;
    await sendEmail(env, await accountEmail("passkeysNotice", { to: user.email, link: url, locale: link.locale, change, passkeys }));
  } catch (error) {
    console.error("auth: passkeys notice failed:", error instanceof Error ? error.message : "unknown error");
  }
}

/** The e-mail token inside a removal link, if this server signed it for this purpose; auth/invalid-action-code otherwise. */
export async function removalToken(env: AppEnv, signed: unknown): Promise<string> {
  const token = typeof signed === "string" ? await verifySignedValue(loadConfig(env).sessionSecret, "passkey-removal", signed) : null;
  if (!token) throw new AppError("auth/invalid-action-code");
  return token;
}

/**
 * The link's one press: uses the token up (a second press, or a racing one, is auth/invalid-action-code), removes every
 * passkey of its account, each recorded as removed, and ends every session: whoever added a passkey may hold one.
 * The mailbox proved the owner, so the last-connection rule does not hold here: the password reset is always there.
 */
export async function removeAllPasskeys(env: AppEnv, signed: unknown): Promise<{ removed: number }> {
  const userId = await consumeEmailToken(env, await removalToken(env, signed), "remove-passkeys");
  const db = getPrimaryDb(env);
  const passkeys = await db.select({ id: schema.passkeys.id }).from(schema.passkeys).where(eq(schema.passkeys.userId, userId));
  // The sessions end first, in the account's object (decision 0039): a batch that then fails has only signed the person out.
  await destroyUserSessions(env, userId);
  await db.batch([
    db.delete(schema.passkeys).where(eq(schema.passkeys.userId, userId)),
    ...passkeys.map(() => securityEventStatement(db, userId, "passkey-removed")),
  ]);
  await syncViewerProfile(env, userId);
  return { removed: passkeys.length };
}
