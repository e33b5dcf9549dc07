import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import * as Dialog from "@radix-ui/react-dialog";
import { BadgeCheck, CircleAlert, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { resendVerificationEmail, sendChangePasswordEmail } from "~/.server/auth/accounts";
import { clientAddress } from "~/.server/auth/throttle";
import { removeProfilePhoto, setProfilePhoto } from "~/.server/auth/avatar";
import { failure, invalid, linkContext, requireUser, requireUserRow, retryAfterHeaders } from "~/.server/http/auth";
import { AVATAR_MAX_BYTES } from "~/.server/auth/policy";
import { deleteAccount, deleteAllChats, getUserProfile, hasActivePro, otherSessionCount, updateDisplayName } from "~/.server/auth/profile";
import { requireRecentSignIn } from "~/.server/auth/recent-sign-in";
import { clearSessionCookie, destroyUserSessions } from "~/.server/auth/session";
import { AppError, errorStatus, type ErrorCode } from "~/.server/errors";
import { latestExport } from "~/.server/exports/requests";
import { storageSummary, withUploadAllowance } from "~/.server/images/uploads";
import { readForm } from "~/.server/http/request";
import { listShares } from "~/.server/share/links";
import { accountVoice } from "~/.server/voice/preference";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { FormAlert, SubmitButton, TextField } from "~/components/auth/fields";
import { useCheckedForm } from "~/components/auth/use-checked-form";
import { Avatar } from "~/components/layout/user-button";
import { REQUIRES_RECENT_LOGIN, useIdentityConfirmedNotice, useRecentSignIn, type ConfirmingAccount } from "~/components/settings/confirm-identity";
import { DataExport } from "~/components/settings/data-export";
import { SharedLinks } from "~/components/settings/shared-links";
import { StorageUsage } from "~/components/settings/storage-usage";
import { VoiceSetting } from "~/components/settings/voice-setting";
import { checkPhotoFile, PHOTO_TYPES } from "~/lib/profile-photo";
import { checkForm, displayNameSchema, type FieldErrors } from "~/lib/schemas/auth";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const [profile, otherSessions, shares, dataExport, storage, voice] = await Promise.all([
    getUserProfile(context.env, viewer.user.id),
    otherSessionCount(context.env, viewer.user.id, viewer.sessionId),
    listShares(context.env, viewer.user.id),
    latestExport(context.env, viewer.user.id),
    storageSummary(context.env, { accountId: viewer.user.id, plan: viewer.plan }),
    accountVoice(context.env, viewer.user.id),
  ]);
  const proActive = await hasActivePro(context.env, { id: profile.uid, accessLevel: profile.accessLevel });
  const sharedLinks = shares.map(({ id, title, createdAt, updatedAt }) => ({ id, title, createdAt, updatedAt }));
  const error = new URL(request.url).searchParams.get("error");
  return {
    profile,
    otherSessions,
    proActive,
    sharedLinks,
    dataExport,
    storage,
    voice,
    emailVerifiedNotice: new URL(request.url).searchParams.get("notice") === "email-verified",
    // A "confirm it's you" round trip through Google or Apple that failed (only our own codes are shown).
    error: error && error in errorStatus ? (error as ErrorCode) : null,
  };
}

type Notice = "nameSaved" | "photoUpdated" | "photoRemoved" | "activationSent" | "changePasswordSent" | "actionCompleted";
type AccountActionData = { ok: true; notice: Notice } | { ok: false; error?: string; message?: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number };

const done = (notice: Notice) => data({ ok: true as const, notice });

/** Activation and change-password emails are limited per hour: a refusal carries Retry-After. */
export const headers = retryAfterHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    // A photo is the largest thing this form carries (the form adds a little around the file itself).
    const form = await readForm(request, { maxBytes: AVATAR_MAX_BYTES + 64 * 1024, tooLarge: "upload/avatar-too-large" });
    const { viewer, user } = await requireUserRow(request, context);
    switch (form.get("intent")) {
      case "update-name": {
        const check = checkForm(displayNameSchema, form);
        if (!check.success) return invalid(request, check.fieldErrors);
        await updateDisplayName(context.env, user.id, check.data.displayName);
        return done("nameSaved");
      }
      case "upload-photo": {
        const file = form.get("photo");
        if (!(file instanceof File) || file.size === 0) throw new AppError("upload/empty");
        // A profile photo is an upload: it counts toward the day's uploads and the storage quota (decision 0013).
        await withUploadAllowance(context.env, { accountId: user.id, plan: viewer.plan }, file.size, () => setProfilePhoto(context.env, user.id, file));
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
        return done("actionCompleted");
      case "delete-chats":
        await deleteAllChats(context.env, user.id);
        return done("actionCompleted");
      case "delete-account": {
        requireRecentSignIn(viewer);
        await deleteAccount(context.env, user);
        return redirect("/auth/login?notice=account-deleted", { headers: { "Set-Cookie": clearSessionCookie(request) } });
      }
      default:
        throw new AppError("request/invalid");
    }
  } catch (error) {
    return failure(request, error);
  }
}

/** Toasts each answer of a settings action once (successes with SPEC's wording, failures with SPEC §8's). */
function useActionToast(result: AccountActionData | undefined) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  useEffect(() => {
    if (!result) return;
    if (result.ok) notify("success", t(`settings:account.notices.${result.notice}`));
    // "Confirm it's you" opens for requires-recent-login and says it there.
    else if (result.error && result.error !== "request/invalid" && result.error !== REQUIRES_RECENT_LOGIN)
      notify("error", errorText(result.error, result.retryAfterSeconds));
  }, [result, t, errorText]);
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-b py-6 first:pt-0 last:border-b-0">
      <div>
        <h3 id={id} className="font-medium">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function IntentButton({
  intent,
  children,
  variant = "secondary",
  account,
}: {
  intent: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "danger";
  /** For a change that needs a recent sign-in: the account "Confirm it's you" asks about. */
  account?: ConfirmingAccount;
}) {
  const fetcher = useFetcher<AccountActionData>();
  useActionToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  // The dialog stays outside the form: React passes submit events up through portals, and its forms are its own.
  return (
    <>
      <fetcher.Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value={intent} />
        <div>
          <SubmitButton busy={fetcher.state !== "idle"} variant={variant}>
            {children}
          </SubmitButton>
        </div>
        {fetcher.data && !fetcher.data.ok && <FormAlert code={fetcher.data.error} retryAfterSeconds={fetcher.data.retryAfterSeconds} />}
      </fetcher.Form>
      {dialog}
    </>
  );
}

function PhotoSection({ profile }: { profile: { displayName: string; profilePhotoUrl: string | null } }) {
  const { t } = useTranslation("settings");
  const { t: te } = useTranslation("errors");
  const upload = useFetcher<AccountActionData>();
  const remove = useFetcher<AccountActionData>();
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useActionToast(upload.data);
  useActionToast(remove.data);
  useEffect(() => {
    if (upload.state === "idle" && upload.data?.ok && input.current) input.current.value = "";
  }, [upload.state, upload.data]);
  // The server's message is already in the page's language and says what only it knows (the plan's storage quota).
  const serverError = upload.data && !upload.data.ok ? (upload.data.message ?? (upload.data.error ? te(upload.data.error) : null)) : null;
  const message = fileError ? te(fileError) : serverError;
  return (
    <Section id="photo-title" title={t("account.photo.heading")} description={t("account.photo.hint")}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar user={profile} size="size-20" />
        <upload.Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            const file = (event.currentTarget.elements.namedItem("photo") as HTMLInputElement | null)?.files?.[0];
            const problem = checkPhotoFile(file);
            setFileError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="upload-photo" />
          <label htmlFor="photo-input" className="text-sm font-medium">
            {t("account.photo.label")}
          </label>
          <input
            ref={input}
            id="photo-input"
            name="photo"
            type="file"
            accept={[...PHOTO_TYPES, ".jpg", ".jpeg", ".png"].join(",")}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "photo-error" : undefined}
            onChange={() => setFileError(null)}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm hover:file:bg-muted"
          />
          {message && (
            <p id="photo-error" className="text-sm text-danger">
              {message}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={upload.state !== "idle"}>{t("account.photo.upload")}</SubmitButton>
          </div>
        </upload.Form>
        {profile.profilePhotoUrl && (
          <remove.Form method="post">
            <input type="hidden" name="intent" value="remove-photo" />
            <SubmitButton busy={remove.state !== "idle"} variant="secondary">
              {t("account.photo.remove")}
            </SubmitButton>
          </remove.Form>
        )}
      </div>
    </Section>
  );
}

function NameSection({ displayName }: { displayName: string }) {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const fetcher = useFetcher<AccountActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { errors, formProps } = useCheckedForm((forms) => forms.displayNameSchema, failed?.fieldErrors);
  useActionToast(fetcher.data);
  return (
    <Section id="name-title" title={t("account.profile.heading")}>
      <fetcher.Form method="post" className="flex max-w-md flex-col gap-3" {...formProps}>
        <input type="hidden" name="intent" value="update-name" />
        <TextField name="displayName" label={ta("fields.displayName")} defaultValue={displayName} autoComplete="name" error={errors.displayName} />
        <div>
          <SubmitButton busy={fetcher.state !== "idle"}>{t("account.profile.save")}</SubmitButton>
        </div>
      </fetcher.Form>
    </Section>
  );
}

function ConfirmAction({
  trigger,
  title,
  body,
  confirm,
  intent,
  account,
}: {
  trigger: string;
  title: string;
  body: string;
  confirm: string;
  intent: string;
  /** For a change that needs a recent sign-in: the account "Confirm it's you" asks about. */
  account?: ConfirmingAccount;
}) {
  const { t } = useTranslation("settings");
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AccountActionData>();
  useActionToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="inline-flex w-fit items-center gap-2 rounded-md border border-danger/40 px-4 py-2 text-sm font-medium text-danger hover:bg-danger/5"
        >
          <Trash2 className="size-4" aria-hidden />
          {trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{body}</Dialog.Description>
          {error && (
            <div className="mt-4">
              <FormAlert code={error} />
            </div>
          )}
          <fetcher.Form method="post" className="mt-6 flex justify-end gap-2">
            <input type="hidden" name="intent" value={intent} />
            <Dialog.Close asChild>
              <button type="button" className="rounded-md border px-4 py-2 text-sm hover:bg-muted">
                {t("account.cancel")}
              </button>
            </Dialog.Close>
            <SubmitButton busy={fetcher.state !== "idle"} variant="danger">
              {confirm}
            </SubmitButton>
          </fetcher.Form>
          {dialog}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function AccountTab() {
  const { t } = useTranslation("settings");
  const { profile, otherSessions, proActive, sharedLinks, dataExport, storage, voice, emailVerifiedNotice, error } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (emailVerifiedNotice) notify("success", t("account.notices.emailVerified"));
    if (error) notify("error", t(`errors:${error}`));
  }, [emailVerifiedNotice, error, t]);
  useIdentityConfirmedNotice();

  return (
    <section aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title" className="text-lg font-semibold">
        {t("account.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("account.description")}</p>
      <div className="mt-6 flex flex-col">
        <PhotoSection profile={profile} />
        <NameSection key={profile.displayName} displayName={profile.displayName} />

        <Section id="email-title" title={t("account.email.heading")}>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium" data-testid="account-email">
              {profile.email}
            </span>
            {profile.emailVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-600/10 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
                <BadgeCheck className="size-3.5" aria-hidden />
                {t("account.email.verified")}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
                <CircleAlert className="size-3.5" aria-hidden />
                {t("account.email.unverified")}
              </span>
            )}
          </p>
          {!profile.emailVerified && <IntentButton intent="send-verification">{t("account.email.sendVerification")}</IntentButton>}
        </Section>

        <Section id="password-title" title={t("account.password.heading")} description={profile.hasPassword ? t("account.password.description") : undefined}>
          {!profile.hasPassword ? (
            <p className="text-sm text-muted-foreground">
              {t("account.password.noPassword")}{" "}
              <Link to="/settings/login-connection" className="text-primary underline-offset-4 hover:underline">
                {t("tabs.login-connection")}
              </Link>
            </p>
          ) : profile.emailVerified ? (
            <IntentButton intent="change-password" account={profile}>
              {t("account.password.change")}
            </IntentButton>
          ) : (
            <>
              <p className="text-sm text-muted-foreground">{t("account.password.unverified")}</p>
              <div>
                <button type="button" disabled className="rounded-md border px-4 py-2 text-sm opacity-60">
                  {t("account.password.change")}
                </button>
              </div>
            </>
          )}
        </Section>

        <Section id="devices-title" title={t("account.sessions.heading")} description={t("account.sessions.others", { count: otherSessions })}>
          {otherSessions > 0 && <IntentButton intent="sign-out-others">{t("account.sessions.signOutOthers")}</IntentButton>}
        </Section>

        <Section id="voice-title" title={t("voice.heading")} description={t("voice.description")}>
          <VoiceSetting initial={voice} />
        </Section>
        <Section id="shared-links-title" title={t("account.sharedLinks.heading")} description={t("account.sharedLinks.description")}>
          <SharedLinks links={sharedLinks} />
        </Section>

        <Section id="data-export-title" title={t("account.dataExport.heading")} description={t("account.dataExport.description")}>
          <DataExport latest={dataExport} />
        </Section>

        <Section id="storage-title" title={t("account.storage.heading")} description={t("account.storage.description")}>
          <StorageUsage usedBytes={storage.usedBytes} quotaBytes={storage.quotaBytes} />
        </Section>

        <Section id="chats-title" title={t("account.chats.heading")} description={t("account.chats.description")}>
          <ConfirmAction
            trigger={t("account.chats.deleteAll")}
            title={t("account.chats.confirmTitle")}
            body={t("account.chats.confirmBody")}
            confirm={t("account.chats.confirm")}
            intent="delete-chats"
          />
        </Section>

        <Section id="delete-title" title={t("account.delete.heading")} description={t("account.delete.description")}>
          {proActive && (
            <p className="rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm">
              {t("errors:account/pro-active")}{" "}
              <Link to="/settings/my-plan" className="font-medium text-primary underline-offset-4 hover:underline">
                {t("tabs.my-plan")}
              </Link>
            </p>
          )}
          <ConfirmAction
            trigger={t("account.delete.button")}
            title={t("account.delete.confirmTitle")}
            body={t("account.delete.confirmBody")}
            confirm={t("account.delete.confirm")}
            intent="delete-account"
            account={profile}
          />
        </Section>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
