import { Link } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The heading of a development-only page (the mailbox, the billing clock): what it is, and the way back to the app. */
export function DevPageHeader({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  const { t } = useTranslation("auth");
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <Icon className="size-6 text-primary" aria-hidden />
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <Link to="/web-main" className="text-sm text-primary underline-offset-4 hover:underline">
        {t("backToApp")}
      </Link>
    </header>
  );
}
