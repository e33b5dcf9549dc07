import { redirect } from "@remix-run/cloudflare";

// docs/product.md §2: "/" is replaced by a redirect to /web-main.
export function loader() {
  return redirect("/web-main");
}
