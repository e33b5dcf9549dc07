import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageAction, invalid, retryAfterHeaders } from "~/.server/http/auth";
import { loadAccountSettings, runAccountIntent } from "~/.server/settings/account";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { AccountSettings } from "~/components/settings/account-settings";

export const loader = ({ request, context }: LoaderFunctionArgs) => loadAccountSettings(request, context);

/** Activation and change-password emails are limited per hour: a refusal carries Retry-After. */
export const headers = retryAfterHeaders;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const outcome = await runAccountIntent(request, context);
  if (outcome.kind === "invalid") return invalid(request, outcome.fieldErrors);
  if (outcome.kind === "deleted") return redirect("/auth/login?notice=account-deleted", { headers: { "Set-Cookie": outcome.setCookie } });
  return data({ ok: true as const, notice: outcome.notice });
});

export default function AccountTab() {
  return <AccountSettings {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
