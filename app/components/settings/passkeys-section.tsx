// Settings › Login Connection › Passkeys (decision 0028): the account's passkeys with their dates, renamed in place,
// removed (a change that needs a recent sign-in), and "Add a passkey", which runs the browser's ceremony and sends
// its answer to /api/passkeys. The WebAuthn browser code loads only when a passkey is added (app/lib/passkeys.ts).
import { Fingerprint } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasskeySummary } from "~/.server/auth/passkeys";
import { useErrorText } from "~/lib/error-text";
import { createPasskey, passkeysSupported } from "~/lib/passkeys";
import { notify } from "~/lib/toast";
import { useApiAction } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { passkeyNameForm, useAuthWords } from "../auth/account-forms";
import { FormAlert, SubmitButton, TextField } from "../auth/fields";
import { useConfirmThenRetry, type ConfirmingAccount } from "./confirm-identity";
import { Section } from "./section";
import { Button } from "~/components/ui/button";

function useDate() {
  const { i18n } = useTranslation();
  return (at: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(at));
}

function PasskeyRow({ passkey, account }: { passkey: PasskeySummary; account: ConfirmingAccount }) {
  const { t } = useTranslation("settings");
  const date = useDate();
  const [renaming, setRenaming] = useState(false);
  const rename = useApiAction();
  const remove = useApiAction();
  const { guard, dialog } = useConfirmThenRetry(account);
  const removeFailed = remove.data && !remove.data.ok ? remove.data.error.code : null;
  const renameFailed = rename.data && !rename.data.ok ? rename.data.error : undefined;
  const { errors, formProps } = useForm({
    schema: passkeyNameForm,
    translate: useAuthWords(),
    send: async ({ name }) => {
      const body = new FormData();
      body.set("intent", "rename");
      body.set("name", name);
      const result = await rename.submit(`/api/passkeys/${passkey.id}`, body);
      if (!result.ok) return result.error.fieldErrors;
      setRenaming(false);
      notify("success", t("security.notices.passkeyRenamed"));
    },
  });

  const submitRemove = () => {
    const body = new FormData();
    body.set("intent", "remove");
    void remove.submit(`/api/passkeys/${passkey.id}`, body).then((result) => {
      if (result.ok) notify("success", t("security.notices.passkeyRemoved"));
      else guard(result.error.code, submitRemove);
    });
  };

  return (
    <li className="flex flex-col gap-2 p-4" data-testid="passkey">
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-muted" aria-hidden>
          <Fingerprint className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium wrap-anywhere">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            {[
              t("security.passkeys.created", { date: date(passkey.createdAt) }),
              passkey.lastUsedAt ? t("security.passkeys.lastUsed", { date: date(passkey.lastUsedAt) }) : t("security.passkeys.neverUsed"),
            ].join(" · ")}
          </p>
        </div>
        <Button
          type="button"
          onClick={() => setRenaming((value) => !value)}
          aria-expanded={renaming}
          aria-label={t("security.passkeys.renameNamed", { name: passkey.name })}
          variant="outline"
          size="sm"
        >
          {t("security.passkeys.rename")}
        </Button>
        <Button
          type="button"
          onClick={submitRemove}
          disabled={remove.state !== "idle"}
          aria-label={t("security.passkeys.removeNamed", { name: passkey.name })}
          variant="outline"
          size="sm"
        >
          {t("security.passkeys.remove")}
        </Button>
      </div>
      {removeFailed && removeFailed !== "auth/requires-recent-login" && <FormAlert code={removeFailed} />}
      {renaming && (
        <form method="post" className="flex max-w-md flex-col gap-3" {...formProps}>
          <FormAlert code={renameFailed && !renameFailed.fieldErrors ? renameFailed.code : null} />
          <TextField name="name" label={t("security.passkeys.nameLabel")} defaultValue={passkey.name} maxLength={50} error={errors.name} />
          <div className="flex gap-2">
            <SubmitButton busy={rename.state !== "idle"}>{t("security.passkeys.save")}</SubmitButton>
            <Button type="button" onClick={() => setRenaming(false)} variant="outline" size="md">
              {t("security.passkeys.cancel")}
            </Button>
          </div>
        </form>
      )}
      {dialog}
    </li>
  );
}

export function PasskeysSection({ passkeys, account }: { passkeys: PasskeySummary[]; account: ConfirmingAccount }) {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  const save = useApiAction();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);
  const { guard, dialog } = useConfirmThenRetry(account);
  useEffect(() => setSupported(passkeysSupported()), []);

  const add = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const made = await createPasskey();
      if (!made.ok) {
        if ("cancelled" in made) setProblem(t("security.passkeys.cancelled"));
        else if (!guard(made.error.code, () => void add())) setProblem(made.error.message || errorText(made.error.code));
        return;
      }
      const body = new FormData();
      body.set("response", made.response);
      const result = await save.submit("/api/passkeys", body);
      if (result.ok) notify("success", t("security.notices.passkeyAdded"));
      else setProblem(result.error.message || errorText(result.error.code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="passkeys-heading" title={t("security.passkeys.heading")} description={t("security.passkeys.description")}>
      {passkeys.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-lg border">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} account={account} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("security.passkeys.empty")}</p>
      )}
      {problem && <FormAlert>{problem}</FormAlert>}
      {supported ? (
        <div>
          <Button type="button" onClick={() => void add()} disabled={busy} aria-busy={busy || undefined} variant="outline" size="md" className="font-medium">
            <Fingerprint className="size-4" aria-hidden />
            {t("security.passkeys.add")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("security.passkeys.unsupported")}</p>
      )}
      {dialog}
    </Section>
  );
}
