import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useReturnFocus } from "./return-focus";

/** Escape first closes an open combobox list (ui/combobox.tsx) inside the dialog, not the dialog itself. */
function leaveEscapeToOpenList(event: KeyboardEvent) {
  const target = event.target;
  if (target instanceof HTMLElement && target.getAttribute("role") === "combobox" && target.getAttribute("aria-expanded") === "true") event.preventDefault();
}

/**
 * The frame of the product's small centred dialogs: overlay, card, close button. The body supplies its own
 * Dialog.Title and Dialog.Description (Radix needs them inside Content for the accessible name).
 */
export function CenteredDialog({
  open,
  onOpenChange,
  className = "",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border bg-card p-6 shadow-xl ${className}`}
          onEscapeKeyDown={leaveEscapeToOpenList}
          {...returnFocus}
        >
          <Dialog.Close className="absolute right-3 top-3 rounded p-1.5 hover:bg-muted" aria-label={t("close")}>
            <X className="size-4" aria-hidden />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
