import { redirect } from "@remix-run/cloudflare";

// docs/product.md §2: /settings/* redirects to /settings/account.
export function loader() {
  return redirect("/settings/account");
}
