import { Link } from "@remix-run/react";
import { ChevronsUpDown, UserRound } from "lucide-react";
import { forwardRef, lazy, Suspense, type ComponentPropsWithoutRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/.server/identity";
import { openAuthDialog, type AuthDialogStep } from "~/lib/auth-dialog";
import { useRootData } from "~/root";

export function Avatar({ user, size = "size-8" }: { user: Pick<SessionUser, "displayName" | "profilePhotoUrl">; size?: string }) {
  if (user.profilePhotoUrl) {
    return <img src={user.profilePhotoUrl} alt="" className={`${size} shrink-0 rounded-full object-cover`} data-testid="avatar-photo" />;
  }
  const initial = user.displayName.trim().charAt(0).toLocaleUpperCase() || "?";
  return (
    <span className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground`} aria-hidden>
      {initial}
    </span>
  );
}

// The menu (and Radix's dropdown code) loads after the page, and only for signed-in people (SPEC §2 overlays).
const SignedInMenu = lazy(() => import("./user-menu-panel"));

function PlanBadge({ plan }: { plan: "guest" | "free" | "pro" }) {
  const { t } = useTranslation();
  const style = plan === "pro" ? "bg-primary text-primary-foreground" : "bg-background text-muted-foreground";
  return (
    <span className={`w-fit rounded px-1.5 text-[10px] font-semibold uppercase tracking-wide ${style}`} data-testid="plan-badge">
      {t(`plan.${plan}`)}
    </span>
  );
}

/** The account button: name, photo and plan badge. The lazily loaded menu opens from it. */
export const UserButton = forwardRef<HTMLButtonElement, { user: SessionUser } & ComponentPropsWithoutRef<"button">>(function UserButton({ user, ...props }, ref) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className="flex w-full items-center gap-2 rounded-md bg-muted/60 p-2 text-left hover:bg-muted"
      data-testid="user-menu-trigger"
      {...props}
    >
      {/* Named by what it shows (name and plan) after "Account menu" for screen readers: voice control users say what they see. */}
      <span className="sr-only">{t("nav.userMenu")}: </span>
      <Avatar user={user} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium" data-testid="user-display-name">
          {user.displayName}
        </span>
        <PlanBadge plan={user.accessLevel === "pro" ? "pro" : "free"} />
      </span>
      <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
    </button>
  );
});

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
