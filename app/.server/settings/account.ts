// What the account settings page (/settings/account) loads and what each of its forms does; the route stays thin
// (README "Architecture map") and only turns an outcome into the response.
import type { AppContext } from "../context";
import { now } from "../clock";
import { accountPageRows } from "./account-rows";
import { resendVerificationEmail, sendChangePasswordEmail } from "../auth/accounts";
import { removeProfilePhoto, setProfilePhoto } from "../auth/avatar";
import { AVATAR_MAX_BYTES } from "../auth/policy";
import { deleteAccount, deleteAllChats, updateDisplayName } from "../auth/profile";
import { requireRecentSignIn } from "../auth/recent-sign-in";
import { mailPasskeysNotice } from "../auth/passkey-removal";
import { clearSessionCookie, destroyUserSessions } from "../auth/session";
import { clientAddress } from "../auth/throttle";
import { AppError, errorStatus, type ErrorCode } from "../errors";
import { latestExport } from "../exports/requests";
import { latestImport } from "../imports/imports";
import { linkContext, requireUserRow } from "../http/auth";
import { readForm } from "../http/request";
import { storageSummary, withUploadAllowance } from "../images/uploads";
import { voiceOf } from "../voice/preference";
import { checkForm, displayNameSchema, type FieldErrors } from "../../lib/schemas/auth";

/** The page's data: the profile and every section's state. */
export async function loadAccountSettings(request: Request, context: AppContext) {
  const { viewer, user } = await requireUserRow(request, context);
  const [{ profile, otherSessions, sharedLinks, proActive }, dataExport, chatImport, storage] = await Promise.all([
    accountPageRows(context.env, user, viewer.sessionId, { now: Date.now(), clock: now() }),
    latestExport(context.env, viewer.user.id),
    latestImport(context.env, viewer.user.id),
    storageSummary(context.env, { accountId: viewer.user.id, plan: viewer.plan }),
  ]);
  const voice = voiceOf(user);
  const error = new URL(request.url).searchParams.get("error");
  return {
    profile,
    otherSessions,
    proActive,
    sharedLinks,
    dataExport,
    chatImport,
    storage,
    voice,
    emailVerifiedNotice: new URL(request.url).searchParams.get("notice") === "email-verified",
    // A "confirm it's you" round trip through Google or Apple that failed (only our own codes are shown).
    error: error && error in errorStatus ? (error as ErrorCode) : null,
  };
}

/** A done change's notice, a key under settings:account.notices. */
export type AccountNotice = "nameSaved" | "photoUpdated" | "photoRemoved" | "activationSent" | "changePasswordSent" | "actionCompleted";

/** What a form's intent came to: a notice, the fields to correct, or the account gone (with the cookie that ends its session). */
export type AccountOutcome = { kind: "done"; notice: AccountNotice } | { kind: "invalid"; fieldErrors: FieldErrors } | { kind: "deleted"; setCookie: string };

const done = (notice: AccountNotice): AccountOutcome => ({ kind: "done", notice });

/** Runs the posted form's intent for the signed-in user; refusals are thrown as AppError. */
export async function runAccountIntent(request: Request, context: AppContext): Promise<AccountOutcome> {
  // A photo is the largest thing this form carries (the form adds a little around the file itself).
  const form = await readForm(request, { maxBytes: AVATAR_MAX_BYTES + 64 * 1024, tooLarge: "upload/avatar-too-large" });
  const { viewer, user } = await requireUserRow(request, context);
  switch (form.get("intent")) {
    case "update-name": {
      const check = checkForm(displayNameSchema, form);
      if (!check.success) return { kind: "invalid", fieldErrors: check.fieldErrors };
      await updateDisplayName(context.env, user.id, check.data.displayName);
      return done("nameSaved");
    }
    case "upload-photo": {
      const file = form.get("photo");
      if (!(file instanceof File) || file.size === 0) throw new AppError("upload/empty");
      // A profile photo is an upload: it counts toward the day's uploads and the storage quota (decision 0013).
      await withUploadAllowance(context.env, { accountId: user.id, plan: viewer.plan }, file.size, (quotaBytes) =>
        setProfilePhoto(context.env, user.id, file, quotaBytes),
      );
      return done("photoUpdated");
    }
    case "remove-photo":
      await removeProfilePhoto(context.env, user.id);
      return done("photoRemoved");
    case "send-verification":
      if (user.emailVerified) return done("actionCompleted");
      await resendVerificationEmail(context.env, user, { ...linkContext(request, context), address: clientAddress(request) });
      return done("activationSent");
    case "change-password":
      requireRecentSignIn(viewer);
      await sendChangePasswordEmail(context.env, user, linkContext(request, context));
      return done("changePasswordSent");
    case "sign-out-others":
      await destroyUserSessions(context.env, user.id, viewer.sessionId);
      // A passkey signs a device in again at once: the account is told which ones can, with a link to remove them.
      await mailPasskeysNotice(context.env, user, "signed-out-others", linkContext(request, context));
      return done("actionCompleted");
    case "delete-chats":
      await deleteAllChats(context.env, user.id);
      return done("actionCompleted");
    case "delete-account": {
      requireRecentSignIn(viewer);
      await deleteAccount(context.env, user);
      return { kind: "deleted", setCookie: clearSessionCookie(request) };
    }
    default:
      throw new AppError("request/invalid");
  }
}
