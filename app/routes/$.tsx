import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { i18nServer } from "~/.server/i18n";
import { titleMeta } from "~/lib/meta";

// Any path no other route claims: the not-found screen with a real 404 status.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "common");
  return data({ title: t("notFound.title") }, { status: 404 });
}

export const meta = titleMeta;

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-muted-foreground">404</p>
      <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="max-w-md text-muted-foreground">{t("notFound.body")}</p>
      <Link to="/web-main" className="rounded-md bg-primary px-4 py-2 text-sm text-primary-foreground">
        {t("notFound.home")}
      </Link>
    </main>
  );
}
