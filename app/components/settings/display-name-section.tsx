import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton, TextField } from "~/components/auth/fields";
import { displayNameForm, useAuthWords } from "~/components/auth/account-forms";
import { useForm } from "~/lib/use-form";
import { useActionToast, type AccountActionData } from "./account-action";
import { Section } from "./section";

/** The display name, checked with the schema the server uses. */
export function NameSection({ displayName }: { displayName: string }) {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const fetcher = useFetcher<AccountActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { errors, formProps } = useForm({ schema: displayNameForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
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
