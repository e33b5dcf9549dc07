import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "tools", "image-generation.title") };
}

export const meta = titleMeta;

export default function Screen() {
  return (
    <ToolScreen tool="image-generation">
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
