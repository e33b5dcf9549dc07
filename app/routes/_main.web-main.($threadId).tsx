import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { loadChatScreen } from "~/.server/chat/screen";
import { pageTitle } from "~/.server/page";
import { DOCUMENT_ACCEPT } from "~/lib/documents";
import { ChatScreen } from "~/components/chat/chat-screen";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";
import { SHOWS_ANSWERS } from "~/components/chat/markdown";

export const handle = SHOWS_ANSWERS;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const screen = await loadChatScreen(request, context, params.threadId);
  if ("movedTo" in screen && screen.movedTo) throw redirect(screen.movedTo);
  // The attach button's document types travel with the data, not in the empty chat's first scripts (decision 0019).
  return { ...screen, documentAccept: DOCUMENT_ACCEPT, title: screen.thread?.title ?? (await pageTitle(request, "chat", "title")) };
}

export const meta = titleMeta;

export default function ChatRoute() {
  const data = useLoaderData<typeof loader>();
  return <ChatScreen key={data.thread?.id ?? "new"} {...data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
