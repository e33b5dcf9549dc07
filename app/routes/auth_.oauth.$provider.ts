import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { loginPath, safeRedirectPath } from "~/lib/auth";
import { publicOrigin } from "~/.server/http/auth";
import { isOAuthProvider, startOAuth } from "~/.server/auth/oidc";
import { AppError, isAppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { apiError } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer, readGuestId } from "~/.server/identity";

/** Starts "Continue with Google/Apple" (mode=signin) or Settings → Connect (mode=link): off to the provider. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const provider = params.provider;
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return apiError(request, error);
  }
  if (!isOAuthProvider(provider)) return apiError(request, new AppError("request/not-found"));
  const mode = form.get("mode") === "link" ? "link" : "signin";
  const viewer = await getViewer(request, context);
  if (mode === "link" && viewer.kind !== "user") throw redirect(loginPath("/settings/login-connection"));
  const redirectTo = mode === "link" ? "/settings/login-connection" : safeRedirectPath(form.get("redirectTo"));
  try {
    const { location, setCookie } = await startOAuth(context.config, request, {
      provider,
      mode,
      redirectTo,
      sessionId: viewer.kind === "user" ? viewer.sessionId : null,
      guestId: viewer.kind === "guest" ? await readGuestId(request, context.config) : null,
      locale: getLocale(request),
      origin: publicOrigin(request, context),
    });
    return redirect(location, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const back = mode === "link" ? "/settings/login-connection" : "/auth/login";
    return redirect(`${back}?error=${encodeURIComponent(error.code)}`);
  }
}

export function loader() {
  return redirect("/auth/login");
}
