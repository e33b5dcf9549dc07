import { Menu } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyOverlay } from "../ui/lazy-overlay";
import { Button } from "~/components/ui/button";

const MobileDrawerPanel = lazyOverlay(() => import("./mobile-drawer-panel"));

/** Phones: the sidebar becomes a drawer behind a menu button. */
export function MobileDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        onClick={() => setOpen(true)}
        variant="ghost"
        size="none"
        className="rounded-md p-2"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      <MobileDrawerPanel open={open} onOpenChange={setOpen} />
    </>
  );
}
