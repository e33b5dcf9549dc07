// The account button and the avatar it shows, apart from the menu: the lazily loaded menu panel renders the same
// button as its trigger, and the panel must not import the module that lazy-loads it.
import { ChevronsUpDown } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/.server/identity";
import { Button } from "~/components/ui/button";

export function Avatar({ user, size = "size-8" }: { user: Pick<SessionUser, "displayName" | "profilePhotoUrl">; size?: string }) {
  if (user.profilePhotoUrl) {
    return <img src={user.profilePhotoUrl} alt="" className={`${size} shrink-0 rounded-full object-cover`} data-testid="avatar-photo" />;
  }
  const initial = user.displayName.trim().charAt(0).toLocaleUpperCase() || "?";
  return (
    <span
      className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground`}
      aria-hidden
    >
      {initial}
    </span>
  );
}

export function PlanBadge({ plan }: { plan: "guest" | "free" | "pro" }) {
  const { t } = useTranslation();
  const style = plan === "pro" ? "bg-primary text-primary-foreground" : "bg-background text-muted-foreground";
  return (
    <span className={`w-fit rounded px-1.5 text-[10px] font-semibold uppercase tracking-wide ${style}`} data-testid="plan-badge">
      {t(`plan.${plan}`)}
    </span>
  );
}

/** The account button: name, photo and plan badge. The lazily loaded menu opens from it. */
export const UserButton = forwardRef<HTMLButtonElement, { user: SessionUser } & ComponentPropsWithoutRef<"button">>(function UserButton(
  { user, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      type="button"
      variant="unstyled"
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
    </Button>
  );
});
