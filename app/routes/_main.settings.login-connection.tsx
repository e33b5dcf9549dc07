import { routeStrings } from "~/lib/i18n";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Link2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { pageAction, invalid, linkContext, requireUserRow } from "~/.server/http/auth";
import { configuredProviders } from "~/.server/auth/oidc";
import { connectEmail, disconnectProvider } from "~/.server/auth/profile";
import { requireRecentSignIn } from "~/.server/auth/recent-sign-in";
import { AppError, errorStatus, type ErrorCode } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { loginPageRows } from "~/.server/settings/login-rows";
import { FormAlert } from "~/components/auth/fields";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ConfirmIdentityDialog, useIdentityConfirmedNotice } from "~/components/settings/confirm-identity";
import { ConnectEmailForm, DisconnectButton, ICONS } from "~/components/settings/login-connections";
import { PasskeysSection } from "~/components/settings/passkeys-section";
import { SettingsTab } from "~/components/settings/section";
import { SecurityActivity } from "~/components/settings/security-activity";
import { TwoStepSection } from "~/components/settings/two-step-section";
import { WhatsAppSettingsSection } from "~/components/whatsapp/settings-section";
import { LOGIN_PROVIDERS as PROVIDERS, type LoginProvider as Provider } from "~/lib/auth";
import { checkForm, newPasswordSchema } from "~/lib/schemas/auth";
import { Button } from "~/components/ui/button";

export const handle = routeStrings("whatsapp");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireUserRow(request, context);
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const connected = url.searchParams.get("connected");
  const confirm = url.searchParams.get("confirm");
  const { profile, whatsapp, passkeys, twoStep, activity } = await loginPageRows(context.env, context.config, viewer, user);
  return {
    profile,
    /** Passkeys, two-step sign-in and the recent security activity (decision 0028). */
    passkeys,
    twoStep,
    activity,
    /** The WhatsApp number linked to the account (masked), shown below the sign-in connections. */
    whatsapp,
    available: configuredProviders(context.config),
    // Results of a Connect round trip through Google or Apple (only our own codes are shown).
    error: error && error in errorStatus ? (error as ErrorCode) : null,
    connected: connected === "google" || connected === "apple" ? connected : null,
    // Connect pressed with a session older than 10 minutes (auth_.oauth.$provider.ts): "Confirm it's you" first.
    confirmConnect: confirm === "google" || confirm === "apple" ? (confirm as "google" | "apple") : null,
  };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const { viewer, user } = await requireUserRow(request, context);
  const intent = form.get("intent");
  if (intent === "disconnect") {
    const provider = form.get("provider");
    if (!(PROVIDERS as readonly unknown[]).includes(provider)) throw new AppError("request/invalid");
    requireRecentSignIn(viewer);
    await disconnectProvider(context.env, user.id, provider as Provider);
    return data({ ok: true as const, notice: "disconnected" as const, provider: provider as Provider });
  }
  if (intent === "connect-email") {
    const check = checkForm(newPasswordSchema, form);
    if (!check.success) return invalid(request, check.fieldErrors);
    requireRecentSignIn(viewer);
    const { verificationSent } = await connectEmail(context.env, user, check.data.password, linkContext(request, context));
    return data({ ok: true as const, notice: verificationSent ? ("verificationSent" as const) : ("connected" as const), provider: "email" as const });
  }
  throw new AppError("request/invalid");
});

export default function LoginConnectionTab() {
  const { t } = useTranslation("settings");
  const { profile, available, error, connected, confirmConnect, whatsapp, passkeys, twoStep, activity } = useLoaderData<typeof loader>();
  const [addingEmail, setAddingEmail] = useState(false);
  const [confirming, setConfirming] = useState(confirmConnect !== null);
  const connectForms = useRef<Partial<Record<Provider, HTMLFormElement | null>>>({});
  useEffect(() => setConfirming(confirmConnect !== null), [confirmConnect]);
  // A passkey counts as a verified login connection (docs/product.md §5, decision 0028).
  const verifiedCount = profile.connections.filter((connection) => connection.verified).length + passkeys.length;

  useEffect(() => {
    if (connected) notify("success", t("login-connection.notices.connected", { provider: t(`login-connection.providers.${connected}`) }));
    if (error) notify("error", t(`errors:${error}`));
  }, [connected, error, t]);
  useIdentityConfirmedNotice();

  return (
    <SettingsTab title={t("login-connection.title")} description={t("login-connection.description")}>
      {error && (
        <div className="mt-4">
          <FormAlert code={error} />
        </div>
      )}
      <ul className="mt-6 flex flex-col divide-y rounded-lg border">
        {PROVIDERS.map((provider) => {
          const connection = profile.connections.find((item) => item.provider === provider);
          const name = t(`login-connection.providers.${provider}`);
          const isLastVerified = Boolean(connection?.verified) && verifiedCount <= 1;
          return (
            <li key={provider} className="flex flex-col gap-2 p-4" data-testid={`connection-${provider}`}>
              <div className="flex flex-wrap items-center gap-3">
                <span className="inline-flex size-9 items-center justify-center rounded-full bg-muted" aria-hidden>
                  {ICONS[provider]}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{name}</p>
                  <p className="text-sm text-muted-foreground wrap-anywhere">
                    {connection
                      ? [t("login-connection.connected"), connection.email, connection.verified ? null : t("login-connection.unverified")]
                          .filter(Boolean)
                          .join(" · ")
                      : t("login-connection.notConnected")}
                  </p>
                </div>
                {connection ? (
                  <DisconnectButton provider={provider} disabled={isLastVerified} account={profile} />
                ) : provider === "email" ? (
                  <Button type="button" onClick={() => setAddingEmail((value) => !value)} variant="outline" size="sm" aria-expanded={addingEmail}>
                    <Link2 className="size-4" aria-hidden />
                    {t("login-connection.connect")}
                  </Button>
                ) : available[provider] ? (
                  <Form
                    method="post"
                    action={`/auth/oauth/${provider}`}
                    reloadDocument
                    ref={(form) => {
                      connectForms.current[provider] = form;
                    }}
                  >
                    <input type="hidden" name="mode" value="link" />
                    <Button type="submit" variant="outline" size="sm" aria-label={t("login-connection.connectProvider", { provider: name })}>
                      <Link2 className="size-4" aria-hidden />
                      {t("login-connection.connect")}
                    </Button>
                  </Form>
                ) : (
                  <span className="text-sm text-muted-foreground">{t("login-connection.unavailable")}</span>
                )}
              </div>
              {isLastVerified && <p className="text-xs text-muted-foreground">{t("errors:auth/last-connection")}</p>}
              {provider === "email" && !connection && addingEmail && <ConnectEmailForm account={profile} />}
            </li>
          );
        })}
      </ul>
      <div className="mt-6">
        <PasskeysSection passkeys={passkeys} account={{ ...profile, twoStep: twoStep.enabled }} />
        <TwoStepSection status={twoStep} account={{ ...profile, twoStep: twoStep.enabled }} />
        <SecurityActivity events={activity} />
      </div>
      <WhatsAppSettingsSection status={whatsapp} />
      {confirmConnect && (
        <ConfirmIdentityDialog
          open={confirming}
          onOpenChange={setConfirming}
          account={profile}
          // Confirmed with the password: on to the provider, as if Connect had been pressed again.
          onConfirmed={() => {
            setConfirming(false);
            connectForms.current[confirmConnect]?.requestSubmit();
          }}
        />
      )}
    </SettingsTab>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
