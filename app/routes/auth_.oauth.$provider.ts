import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginPath, safeRedirectPath } from "~/lib/auth";
import { publicOrigin } from "~/.server/http/auth";
import { isOAuthProvider, startOAuth } from "~/.server/auth/oidc";
import { isRecentSignIn } from "~/.server/auth/recent-sign-in";
import { AppError, isAppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer, readGuestId } from "~/.server/identity";

/** Where "confirm it's you" may come back to: the settings pages whose changes ask for it. */
const REAUTH_RETURNS = ["/settings/account", "/settings/login-connection"];

function reauthReturn(value: FormDataEntryValue | null): string {
  return REAUTH_RETURNS.find((path) => path === value) ?? REAUTH_RETURNS[0]!;
}

/**
 * Starts "Continue with Google/Apple" (mode=signin), Settings → Connect (mode=link) or Settings → "Confirm it's you"
 * (mode=reauth): off to the provider.
 */
export const action = resource(async ({ request, context, params }: ActionFunctionArgs) => {
  const provider = params.provider;
  const form = await readForm(request);
  if (!isOAuthProvider(provider)) throw new AppError("request/not-found");
  const asked = form.get("mode");
  const mode = asked === "link" || asked === "reauth" ? asked : "signin";
  const viewer = await getViewer(request, context);
  const redirectTo =
    mode === "link" ? "/settings/login-connection" : mode === "reauth" ? reauthReturn(form.get("redirectTo")) : safeRedirectPath(form.get("redirectTo"));
  if (mode !== "signin" && viewer.kind !== "user") return redirect(loginPath(redirectTo));
  // Adding a sign-in method is a way back in after the owner changes their password: like removing one, it needs a
  // recent sign-in (SECURITY.md "Passwords and sign-in"). The settings page opens "Confirm it's you" for it.
  if (mode === "link" && viewer.kind === "user" && !isRecentSignIn(viewer)) return redirect(`${redirectTo}?confirm=${provider}`);
  try {
    const { location, setCookie } = await startOAuth(context.config, request, {
      provider,
      mode,
      redirectTo,
      session: viewer.kind === "user" ? { userId: viewer.user.id, sessionId: viewer.sessionId } : null,
      guestId: viewer.kind === "guest" ? await readGuestId(request, context.config) : null,
      locale: getLocale(request),
      origin: publicOrigin(request, context),
    });
    return redirect(location, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const back = mode === "signin" ? "/auth/login" : redirectTo;
    return redirect(`${back}?error=${encodeURIComponent(error.code)}`);
  }
});

export function loader() {
  return redirect("/auth/login");
}
