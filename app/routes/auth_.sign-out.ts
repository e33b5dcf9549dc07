import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { afterSignOutPath } from "~/.server/http/auth";
import { destroySession } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { signOutSchema } from "~/lib/schemas/auth";

/** Sign-out ends the session on the server (not just the cookie). Other tabs follow through the "auth" channel. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  // Files included, so a file where text belongs fails the schema rather than being left out.
  const parsed = signOutSchema().safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new AppError("request/invalid");
  const setCookie = await destroySession(context.env, request);
  return redirect(afterSignOutPath(parsed.data.redirectTo), { headers: { "Set-Cookie": setCookie } });
});

export function loader() {
  // Signing out changes state, so it is POST only; a typed-in URL just goes home.
  return redirect("/web-main");
}
