import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { i18nServer } from "~/.server/i18n";
import { ChatHome } from "~/components/chat/chat-home";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "chat");
  return { title: t("title") };
}

export const meta = titleMeta;

export default function ChatRoute() {
  return <ChatHome />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
