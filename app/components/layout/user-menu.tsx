import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { ChevronsUpDown, GalleryHorizontalEnd, LogOut, Settings, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/.server/identity";
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

function PlanBadge({ plan }: { plan: "guest" | "free" | "pro" }) {
  const { t } = useTranslation();
  const style = plan === "pro" ? "bg-primary text-primary-foreground" : "bg-background text-muted-foreground";
  return (
    <span className={`w-fit rounded px-1.5 text-[10px] font-semibold uppercase tracking-wide ${style}`} data-testid="plan-badge">
      {t(`plan.${plan}`)}
    </span>
  );
}

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted";

/** The account area at the foot of the sidebar: the signed-in user's menu, or sign-in / sign-up for a visitor. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  const signOut = useFetcher();
  const location = useLocation();

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

  const plan = user.accessLevel === "pro" ? "pro" : "free";
  const doSignOut = () => {
    onNavigate?.();
    signOut.submit({ redirectTo: `${location.pathname}${location.search}` }, { method: "post", action: "/auth/sign-out" });
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="flex w-full items-center gap-2 rounded-md bg-muted/60 p-2 text-left hover:bg-muted"
          aria-label={t("nav.userMenu")}
          data-testid="user-menu-trigger"
        >
          <Avatar user={user} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium" data-testid="user-display-name">
              {user.displayName}
            </span>
            <PlanBadge plan={plan} />
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className="z-50 min-w-56 rounded-lg border bg-card p-1 shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate text-sm font-medium">{user.displayName}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings/account" onClick={onNavigate}>
              <Settings className="size-4" aria-hidden />
              {t("nav.settings")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/gallery" onClick={onNavigate}>
              <GalleryHorizontalEnd className="size-4" aria-hidden />
              {t("nav.gallery")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={doSignOut}>
            <LogOut className="size-4" aria-hidden />
            {t("nav.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
