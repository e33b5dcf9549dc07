import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { GalleryHorizontalEnd, LogOut, Settings } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/.server/identity";
import { openWhatsAppDialog } from "~/lib/ui-store";
import { WhatsAppIcon } from "../whatsapp/whatsapp-icon";
import { UserButton } from "./user-button";

const itemClass = "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted";

/** The signed-in user's menu: Settings, Gallery, Chat on WhatsApp, Sign out. Sign-out ends the session on the server. */
export default function UserMenuPanel({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  // The WhatsApp dialog takes the focus; the closing menu must not hand it back to its button.
  const dialogOpened = useRef(false);
  const signOut = useFetcher();
  const location = useLocation();
  const doSignOut = () => {
    onNavigate?.();
    signOut.submit({ redirectTo: `${location.pathname}${location.search}` }, { method: "post", action: "/auth/sign-out" });
  };

  return (
    // Not modal, and rendered in place (no portal): the rest of the page stays readable, and the menu sits inside the
    // sidebar's landmark rather than loose at the end of the body (axe: aria-hidden-focus, region).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <UserButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        side="top"
        align="start"
        sideOffset={6}
        className="z-50 min-w-56 rounded-lg border bg-card p-1 shadow-lg"
        onCloseAutoFocus={(event) => {
          if (dialogOpened.current) event.preventDefault();
          dialogOpened.current = false;
        }}
      >
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
        <DropdownMenu.Item
          className={itemClass}
          onSelect={() => {
            dialogOpened.current = true;
            onNavigate?.();
            openWhatsAppDialog();
          }}
        >
          <WhatsAppIcon />
          {t("nav.whatsApp")}
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={doSignOut}>
          <LogOut className="size-4" aria-hidden />
          {t("nav.signOut")}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
