import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { GalleryHorizontalEnd } from "lucide-react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/auth/http";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ToolIcon } from "~/components/layout/tool-icon";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/lib/meta";

const CREATION_TOOLS = ["image-generation", "logo-maker", "tattoo-generator"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Signed-in users only: visitors sign in first and come back here.
  await requireUser(request, context);
  return { title: await pageTitle(request, "gallery", "title") };
}

export const meta = titleMeta;

export default function Gallery() {
  const { t } = useTranslation("gallery");
  const { t: tc } = useTranslation("common");
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t("title")} description={t("description")} icon={<GalleryHorizontalEnd className="size-5" aria-hidden />} />
      <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center">
        <h2 className="text-lg font-medium">{t("empty.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("empty.body")}</p>
        <ul className="flex flex-wrap justify-center gap-2">
          {CREATION_TOOLS.map((tool) => (
            <li key={tool}>
              <Link to={`/${tool}`} className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted">
                <ToolIcon tool={tool} />
                {tc(`tools.${tool}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
