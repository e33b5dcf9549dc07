import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SidebarContent } from "./sidebar";

/** Phones: the sidebar as a drawer (loaded the first time the menu button is pressed). */
export default function MobileDrawerPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-sidebar shadow-xl" aria-describedby={undefined}>
          <Dialog.Title className="sr-only">{t("nav.main")}</Dialog.Title>
          <Dialog.Close className="absolute right-2 top-2 rounded-md p-2 hover:bg-muted" aria-label={t("nav.closeMenu")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
