import { redirect } from "@remix-run/cloudflare";

// SPEC §2: /settings/* redirects to /settings/account.
export function loader() {
  return redirect("/settings/account");
}
