import { Link } from "@remix-run/react";
import { UserRound } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { openAuthDialog, type AuthDialogStep } from "~/lib/auth-dialog";
import { useRootData } from "~/components/root-data";
import { PlanBadge, UserButton } from "./user-button";

// The menu (and Radix's dropdown code) loads after the page, and only for signed-in people (docs/product.md §2 overlays).
const SignedInMenu = lazy(() => import("./user-menu-panel"));

/** The account area at the foot of the sidebar: the signed-in user's menu, or sign-in / sign-up for a visitor. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  // With scripts running, sign-in and sign-up open over the current page (the auth dialog) and come back to it;
  // the links still work as plain pages.
  const openDialog = (step: AuthDialogStep) => (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    openAuthDialog(step);
  };

  if (!user) {
    return (
      <div className="flex items-center gap-2 rounded-md bg-muted/60 p-2">
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-background" aria-hidden>
          <UserRound className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">{t("nav.guest")}</span>
          <PlanBadge plan="guest" />
        </div>
        <div className="flex flex-col gap-1 text-xs">
          <Link to="/auth/login" onClick={openDialog("sign-in")} className="rounded bg-primary px-2 py-1 text-center font-medium text-primary-foreground">
            {t("nav.signIn")}
          </Link>
          <Link to="/auth/sign-up" onClick={openDialog("sign-up")} className="rounded px-2 py-1 text-center hover:bg-background">
            {t("nav.signUp")}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <Suspense fallback={<UserButton user={user} />}>
      <SignedInMenu user={user} onNavigate={onNavigate} />
    </Suspense>
  );
}
