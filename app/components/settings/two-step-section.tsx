// Settings › Login Connection › Two-step sign-in (decision 0028). Off: "Turn on" shows a new key as a QR code and as
// text, once; the first code from the app turns it on and shows ten recovery codes, once (copy or download). On: how
// many recovery codes are left, new ones, and "Turn off" with a current code. Every step needs a recent sign-in.
import { ShieldCheck } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import type { TwoStepStatus } from "~/.server/auth/two-step";
import { notify } from "~/lib/toast";
import { useApiAction, type ApiResult } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { twoStepCodeForm, useAuthWords } from "../auth/account-forms";
import { FormAlert, SubmitButton, TextField } from "../auth/fields";
import { REQUIRES_RECENT_LOGIN, REQUIRES_SECOND_FACTOR, useConfirmThenRetry, type ConfirmingAccount } from "./confirm-identity";
import { Section } from "./section";
import { Button } from "~/components/ui/button";

const ENDPOINT = "/api/two-step";

type Setup = { keyUri: string; manualKey: string };
type Codes = { recoveryCodes: string[] };

function intentForm(intent: string, code?: string): FormData {
  const body = new FormData();
  body.set("intent", intent);
  if (code !== undefined) body.set("code", code);
  return body;
}

function failedCode(result: ApiResult | undefined): string | null {
  // The two that open "Confirm it's you" are answered by the dialog, not shown here.
  return result && !result.ok && result.error.code !== REQUIRES_RECENT_LOGIN && result.error.code !== REQUIRES_SECOND_FACTOR ? result.error.code : null;
}

function CodeField({ label, error }: { label: string; error?: string }) {
  return <TextField name="code" label={label} autoComplete="one-time-code" inputMode="numeric" maxLength={32} error={error} />;
}

/** A form that sends one code from the authenticator app (or a recovery code), checked like the two-step page's. */
function useCodeForm(send: (code: string) => Promise<ApiResult>) {
  return useForm({
    schema: twoStepCodeForm,
    translate: useAuthWords(),
    send: async ({ code }) => {
      const result = await send(code);
      if (!result.ok) return result.error.fieldErrors;
    },
  });
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const text = codes.join("\n");
  const download = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`, [text]);
  return (
    <div className="flex flex-col gap-3 rounded-lg border p-4" data-testid="recovery-codes">
      <h4 className="font-medium">{t("security.twoStep.codesTitle")}</h4>
      <p className="text-sm text-muted-foreground">{t("security.twoStep.codesBody")}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => notify("success", t("security.notices.codesCopied")))}
        >
          {t("security.twoStep.copy")}
        </Button>
        <a href={download} download="nova-recovery-codes.txt" className="rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
          {t("security.twoStep.download")}
        </a>
        <Button type="button" variant="primary" size="sm" onClick={onDone}>
          {t("security.twoStep.done")}
        </Button>
      </div>
    </div>
  );
}

function SetUp({ setup, onCodes }: { setup: Setup; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation("settings");
  const enable = useApiAction<Codes>();
  const qr = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(setup.keyUri, { border: 2 }))}`, [setup.keyUri]);
  const { errors, formProps } = useCodeForm(async (code) => {
    const result = await enable.submit(ENDPOINT, intentForm("enable", code));
    if (result.ok) onCodes(result.recoveryCodes);
    return result;
  });
  return (
    <form method="post" className="flex max-w-md flex-col gap-3" data-testid="two-step-setup" {...formProps}>
      <p className="text-sm">{t("security.twoStep.scan")}</p>
      <img src={qr} alt={t("security.twoStep.qrAlt")} className="size-44 rounded-md border bg-white" />
      <p className="text-sm">
        {t("security.twoStep.manualKey")}:{" "}
        <code className="select-all font-mono" data-testid="two-step-key">
          {setup.manualKey}
        </code>
      </p>
      <FormAlert code={failedCode(enable.data)} />
      <CodeField label={t("security.twoStep.codeLabel")} error={errors.code} />
      <div>
        <SubmitButton busy={enable.state !== "idle"}>{t("security.twoStep.confirm")}</SubmitButton>
      </div>
    </form>
  );
}

export function TwoStepSection({ status, account }: { status: TwoStepStatus; account: ConfirmingAccount }) {
  const { t } = useTranslation("settings");
  const setupAction = useApiAction<Setup>({ refresh: false });
  // The page's data (on or off, codes left, activity) is read again after each; the codes stay on screen until put away.
  const renew = useApiAction<Codes>();
  const disable = useApiAction();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { guard, dialog } = useConfirmThenRetry(account);

  const begin = () => {
    void setupAction.submit(ENDPOINT, intentForm("setup")).then((result) => {
      if (result.ok) setSetup({ keyUri: result.keyUri, manualKey: result.manualKey });
      else guard(result.error.code, begin);
    });
  };
  const renewCodes = () => {
    void renew.submit(ENDPOINT, intentForm("renew-codes")).then((result) => {
      if (result.ok) {
        setCodes(result.recoveryCodes);
        notify("success", t("security.notices.codesRenewed"));
      } else guard(result.error.code, renewCodes);
    });
  };
  const turnOff = useCodeForm((code) => {
    const send = (): Promise<ApiResult> =>
      disable.submit(ENDPOINT, intentForm("disable", code)).then((result) => {
        if (result.ok) notify("success", t("security.notices.twoStepOff"));
        else guard(result.error.code, () => void send());
        return result;
      });
    return send();
  });
  const finished = () => {
    setCodes(null);
    setSetup(null);
  };

  return (
    <Section id="two-step-heading" title={t("security.twoStep.heading")} description={t("security.twoStep.description")}>
      <p className="flex items-center gap-2 text-sm" data-testid="two-step-status">
        <ShieldCheck className="size-4" aria-hidden />
        {status.enabled ? t("security.twoStep.on") : t("security.twoStep.off")}
        {status.enabled && <span className="text-muted-foreground">· {t("security.twoStep.codesLeft", { count: status.recoveryCodesLeft })}</span>}
      </p>
      <FormAlert code={failedCode(setupAction.data) ?? failedCode(renew.data)} />
      {codes ? (
        <RecoveryCodes codes={codes} onDone={finished} />
      ) : setup && !status.enabled ? (
        <SetUp
          setup={setup}
          onCodes={(made) => {
            setCodes(made);
            notify("success", t("security.notices.twoStepOn"));
          }}
        />
      ) : status.enabled ? (
        <div className="flex flex-col gap-4">
          <div>
            <Button type="button" onClick={renewCodes} disabled={renew.state !== "idle"} variant="outline" size="md">
              {t("security.twoStep.renew")}
            </Button>
          </div>
          <form method="post" className="flex max-w-md flex-col gap-3" {...turnOff.formProps}>
            <p className="text-sm text-muted-foreground">{t("security.twoStep.turnOffBody")}</p>
            <FormAlert code={failedCode(disable.data)} />
            <CodeField label={t("security.twoStep.turnOffLabel")} error={turnOff.errors.code} />
            <div>
              <SubmitButton variant="secondary" busy={disable.state !== "idle"}>
                {t("security.twoStep.turnOff")}
              </SubmitButton>
            </div>
          </form>
        </div>
      ) : (
        <div>
          <Button type="button" onClick={begin} disabled={setupAction.state !== "idle"} variant="outline" size="md" className="font-medium">
            {t("security.twoStep.turnOn")}
          </Button>
        </div>
      )}
      {dialog}
    </Section>
  );
}
