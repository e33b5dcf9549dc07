import { routeStrings } from "~/lib/i18n";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { isDemoMode } from "~/.server/ai/providers";
import { publicOrigin } from "~/.server/http/auth";
import { isAppError } from "~/.server/errors";
import { shareUrl } from "~/.server/share/links";
import { describeShare, readShare } from "~/.server/share/public";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SharedConversationPage } from "~/components/share/shared-conversation";
import { SHOWS_ANSWERS } from "~/components/chat/markdown";

/**
 * The public, read-only page of a share link, readable signed out. An unknown or revoked id, or a link whose thread
 * was deleted, is the plain not-found page with a 404.
 */
export const handle = { ...SHOWS_ANSWERS, ...routeStrings("chat", "share") };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  let conversation;
  try {
    conversation = await readShare(context.env, params.shareId ?? "");
  } catch (error) {
    if (isAppError(error) && error.code === "share/not-found") throw new Response(null, { status: 404, statusText: "Not Found" });
    throw error;
  }
  return {
    conversation,
    description: describeShare(conversation),
    url: shareUrl(publicOrigin(request, context), conversation.id),
    demoMode: isDemoMode(context.env),
  };
}

/** Not for search engines, and never from a cache: a revoked link must stop answering at once. */
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const robots = { name: "robots", content: "noindex" };
  if (!data) return [{ title: "Nova Assistant" }, robots];
  const { conversation, description, url } = data;
  return [
    { title: `${conversation.title} · Nova Assistant` },
    { name: "description", content: description },
    { property: "og:title", content: conversation.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: "Nova Assistant" },
    { name: "twitter:card", content: "summary" },
    robots,
  ];
};

export default function SharedConversationRoute() {
  const data = useLoaderData<typeof loader>();
  return <SharedConversationPage conversation={data.conversation} demoMode={data.demoMode} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
