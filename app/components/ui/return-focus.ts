import { useRef } from "react";

/**
 * Radix gives focus back to a Dialog.Trigger on close; a dialog opened from a store or from state has no trigger, so
 * closing it left focus on the page's body and a keyboard user lost their place (WCAG 2.4.3 focus order). These
 * handlers, spread on Dialog.Content, remember what was focused as the dialog opened and focus it again on close, when
 * it is still on the page (an opener the dialog's action removed, like a deleted row, is left alone).
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before it moves focus into the dialog: the focused element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
