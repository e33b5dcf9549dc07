import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/auth/fields";
import { Avatar } from "~/components/layout/user-button";
import { checkPhotoFile, PHOTO_TYPES } from "~/lib/profile-photo";
import { useActionToast, type AccountActionData } from "./account-action";
import { Section } from "./section";

/** The profile photo: upload one (checked here first for type and size) or remove it. */
export function PhotoSection({ profile }: { profile: { displayName: string; profilePhotoUrl: string | null } }) {
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
  const serverError = upload.data && !upload.data.ok ? upload.data.error.message || te(upload.data.error.code) : null;
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
