import { Link } from "@remix-run/react";
import { UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Visitor view of the account area: plan badge plus sign-in / sign-up. Signed-in menus come with accounts. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 rounded-md bg-muted/60 p-2">
      <span className="inline-flex size-8 items-center justify-center rounded-full bg-background" aria-hidden>
        <UserRound className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{t("nav.guest")}</span>
        <span className="w-fit rounded bg-background px-1.5 text-[10px] font-semibold uppercase tracking-wide text-muted-foreground" data-testid="plan-badge">
          {t("plan.guest")}
        </span>
      </div>
      <div className="flex flex-col gap-1 text-xs">
        <Link to="/auth/login" onClick={onNavigate} className="rounded bg-primary px-2 py-1 text-center font-medium text-primary-foreground">
          {t("nav.signIn")}
        </Link>
        <Link to="/auth/sign-up" onClick={onNavigate} className="rounded px-2 py-1 text-center hover:bg-background">
          {t("nav.signUp")}
        </Link>
      </div>
    </div>
  );
}
