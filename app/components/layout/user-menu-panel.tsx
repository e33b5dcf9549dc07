import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useFetcher, useLocation } from "@remix-run/react";
import { GalleryHorizontalEnd, LogOut, Settings } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "~/.server/identity";
import { MenuItem, MenuSeparator } from "~/components/ui/menu-item";
import { openWhatsAppDialog } from "~/lib/ui-store";
import { WhatsAppIcon } from "../whatsapp/whatsapp-icon";
import { UserButton } from "./user-button";

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
        <MenuSeparator />
        <MenuItem icon={Settings} label={t("nav.settings")} to="/settings/account" onClick={onNavigate} />
        <MenuItem icon={GalleryHorizontalEnd} label={t("nav.gallery")} to="/gallery" onClick={onNavigate} />
        <MenuItem
          icon={WhatsAppIcon}
          label={t("nav.whatsApp")}
          onSelect={() => {
            dialogOpened.current = true;
            onNavigate?.();
            openWhatsAppDialog();
          }}
        />
        <MenuSeparator />
        <MenuItem icon={LogOut} label={t("nav.signOut")} onSelect={doSignOut} />
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
