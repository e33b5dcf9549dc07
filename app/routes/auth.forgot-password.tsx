import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "auth", "forgotPassword.title") };
}

export const meta = titleMeta;

export default function Screen() {
  const { t } = useTranslation("auth");
  return (
    <div>
      <h1 className="text-2xl font-semibold">{t("forgotPassword.title")}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{t("forgotPassword.description")}</p>
    </div>
  );
}
