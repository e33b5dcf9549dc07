import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { signedInRedirect, publicOrigin } from "~/.server/http/auth";
import { confirmIdentity, linkIdentity, signInWithIdentity } from "~/.server/auth/oauth-accounts";
import { clearStateCookie, completeOAuth, isOAuthProvider, readOAuthState, type OAuthProvider } from "~/.server/auth/oidc";
import { endSession, findSession } from "~/.server/auth/session";
import { AppError, isAppError } from "~/.server/errors";
import { readForm, textFields } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { toLocale } from "~/lib/i18n";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** Google comes back with a GET (query), Apple with a cross-site form POST; both end here. */
async function finish({ request, context, params }: Args, answer: URLSearchParams): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw new AppError("request/not-found");
  const clearState = clearStateCookie(request);
  const remembered = await readOAuthState(context.config, request, provider as OAuthProvider);
  // Link and "confirm it's you" start in Settings and go back there, whatever happens.
  const fromSettings = remembered?.mode === "link" || remembered?.mode === "reauth";
  try {
    const { identity, flow } = await completeOAuth(context.config, request, provider, answer, publicOrigin(request, context));
    // The session that started the flow, if it still exists (it may have been signed out meanwhile).
    const session = flow.session && (await findSession(context.env, flow.session)) ? flow.session : null;
    if (flow.mode !== "signin" && !session) throw new AppError("auth/requires-recent-login");
    if (flow.mode === "link") {
      await linkIdentity(context.env, session!.userId, identity);
      return redirect(`/settings/login-connection?connected=${provider}`, { headers: { "Set-Cookie": clearState } });
    }
    // "Confirm it's you" counts only as the account that asked; then it is a sign-in like any other (a new session).
    const user =
      flow.mode === "reauth"
        ? await confirmIdentity(context.env, session!.userId, identity)
        : (await signInWithIdentity(context.env, identity, toLocale(flow.locale ?? getLocale(request)))).user;
    // A sign-in replaces the browser's previous session, even when the cross-site POST could not carry its cookie.
    if (session) await endSession(context.env, session);
    const redirectTo = flow.mode === "reauth" ? `${flow.redirectTo}?notice=identity-confirmed` : flow.redirectTo;
    return await signedInRedirect(request, context, user, { redirectTo, guestId: flow.guestId, headers: { "Set-Cookie": clearState } });
  } catch (error) {
    const code = isAppError(error) ? error.code : "auth/authentication-failed";
    if (!isAppError(error)) console.error(`auth: ${provider} callback failed`, error);
    const back = fromSettings && remembered ? remembered.redirectTo : "/auth/login";
    const redirectTo = !fromSettings && remembered?.redirectTo ? `&redirectTo=${encodeURIComponent(remembered.redirectTo)}` : "";
    return redirect(`${back}?error=${encodeURIComponent(code)}${redirectTo}`, { headers: { "Set-Cookie": clearState } });
  }
}

export const loader = resource(async (args: LoaderFunctionArgs) => finish(args, new URL(args.request.url).searchParams));

export const action = resource(async (args: ActionFunctionArgs) => finish(args, new URLSearchParams(textFields(await readForm(args.request)))));
