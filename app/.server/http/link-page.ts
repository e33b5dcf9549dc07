// The pages an e-mail link opens (/auth/email-link?token=…, /auth/verify-email?token=…). Opening one changes nothing,
// since mail scanners open links too: the page says whose account the link is for (masked) and a button posts the
// token to the page's action, which uses it (docs/decisions/0020-account-flows-and-tabs.md).
import { maskEmail } from "../../lib/auth";
import { findUser } from "../auth/accounts";
import { checkEmailToken, type EmailTokenPurpose } from "../auth/email-tokens";
import type { AppEnv } from "../env";
import { AppError, isAppError, type ErrorCode } from "../errors";

export type LinkPage = { token: string; maskedEmail: string; problem: null } | { token: null; maskedEmail: null; problem: ErrorCode };

/** Checks a link without using it up: the page's button, or why the link cannot be used. */
export async function openLinkPage(env: AppEnv, token: string | null, purpose: EmailTokenPurpose): Promise<LinkPage> {
  try {
    const user = await findUser(env, await checkEmailToken(env, token ?? "", purpose));
    if (!user) throw new AppError("auth/email-not-found");
    return { token: token!, maskedEmail: maskEmail(user.email), problem: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { token: null, maskedEmail: null, problem: error.code };
  }
}
