import type { MetaFunction } from "@remix-run/cloudflare";

/** Page title "<screen> · Nova Assistant"; the screen name is resolved by the route's loader in the user's language. */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: title ? `${title} · Nova Assistant` : "Nova Assistant" }];
};
