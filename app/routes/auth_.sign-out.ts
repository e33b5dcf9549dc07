import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { afterSignOutPath } from "~/.server/auth/http";
import { destroySession } from "~/.server/auth/session";
import { loginPath, safeRedirectPath } from "~/lib/auth";

/** Sign-out ends the session on the server (not just the cookie). Other tabs follow through the "auth" channel. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const setCookie = await destroySession(context.env, request);
  // "Sign in again" (SPEC §8 requires-recent-login): straight to the sign-in page, then back to where it was asked.
  const target = form.get("reauth") === "1" ? loginPath(safeRedirectPath(form.get("redirectTo"))) : afterSignOutPath(form.get("redirectTo"));
  return redirect(target, { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  // Signing out changes state, so it is POST only; a typed-in URL just goes home.
  return redirect("/web-main");
}
