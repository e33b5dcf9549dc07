// "Recent security activity" (decision 0028): every change to how the account signs in beyond the password — a passkey
// added or removed, two-step sign-in on or off, recovery codes used or renewed — is kept as a row the owner sees in
// Settings › Login Connection and e-mailed to the account's address, so a change the owner did not make is noticed.
import type { SecurityEventKind, User } from "../../../db/schema";
import { schema, type Database } from "../db";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import type { AppEnv } from "../env";
import type { LinkContext } from "./accounts";

/** How many events Settings lists (newest first). */
export const SECURITY_EVENTS_SHOWN = 20;

export interface SecurityEvent {
  kind: SecurityEventKind;
  at: number;
}

/** The statement that records `kind`, for a batch with the change itself (so a change is never unrecorded). */
export function securityEventStatement(db: Database, userId: string, kind: SecurityEventKind, at = Date.now()) {
  return db.insert(schema.securityEvents).values({ id: crypto.randomUUID(), userId, kind, createdAt: at });
}

/**
 * Tells the account's address about a change already recorded. A mail that cannot be sent is logged and does not undo
 * the change: the row in Settings still shows it.
 */
export async function mailSecurityChange(env: AppEnv, user: Pick<User, "email">, kind: SecurityEventKind, link: LinkContext): Promise<void> {
  try {
    await sendEmail(
      env,
      await accountEmail("securityChange", { to: user.email, link: `${link.origin}/settings/login-connection`, locale: link.locale, change: kind }),
    );
  } catch (error) {
    console.error("auth: security notice email failed:", error instanceof Error ? error.message : "unknown error");
  }
}
