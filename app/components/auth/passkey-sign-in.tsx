// "Sign in with a passkey" under the sign-in form, and the e-mail field's passkey suggestions (conditional mediation):
// both hand the browser's answer to /auth/login (intent "passkey"), which signs in with both steps at once
// (decision 0028). The WebAuthn code loads after the form is on screen (app/lib/passkeys.ts).
import { useFetcher } from "@remix-run/react";
import { Fingerprint } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { cancelPasskeyRequest, getPasskey, passkeysSupported } from "~/lib/passkeys";
import { FormAlert } from "./fields";
import { alertCode, useResultToasts, type AuthActionData } from "./results";
import { Button } from "~/components/ui/button";

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const [supported, setSupported] = useState(false);
  /** Why the last press did not sign in: the prompt was closed, or an error code. */
  const [problem, setProblem] = useState<{ cancelled: true } | { code: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  useResultToasts(failed);
  const { submit } = fetcher;
  const send = useCallback(
    (response: string) => submit({ intent: "passkey", response, redirectTo }, { method: "post", action: "/auth/login" }),
    [submit, redirectTo],
  );

  // A passkey picked from the e-mail field's suggestions signs in at once; the request waits until then.
  useEffect(() => {
    if (!passkeysSupported()) return;
    setSupported(true);
    let live = true;
    void getPasskey({ autofill: true }).then((outcome) => {
      if (live && outcome.ok) send(outcome.response);
    });
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
  }, [send]);

  if (!supported) return null;
  const ask = async () => {
    setProblem(null);
    setAsking(true);
    const outcome = await getPasskey();
    setAsking(false);
    if (outcome.ok) send(outcome.response);
    else setProblem("cancelled" in outcome ? { cancelled: true } : { code: outcome.error.code });
  };
  const busy = asking || fetcher.state !== "idle";
  return (
    <div className="flex flex-col gap-3">
      {problem && "cancelled" in problem ? <FormAlert>{t("passkey.cancelled")}</FormAlert> : <FormAlert code={problem?.code ?? alertCode(failed)} />}
      <Button type="button" onClick={() => void ask()} disabled={busy} aria-busy={busy || undefined} variant="secondary" size="md" className="w-full">
        <Fingerprint className="size-4" aria-hidden />
        {t("login.passkey")}
      </Button>
    </div>
  );
}
