import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "~/lib/constants";
import { preferenceCookie, type SidebarState } from "~/lib/cookies";
import { writeStored } from "~/lib/storage";
import { useRootData } from "~/components/root-data";
import { Button } from "~/components/ui/button";

export const SIDEBAR_ID = "inner-sidebar";

/**
 * Ctrl+Shift+S (Cmd+Shift+S on a Mac), checked by physical key so every keyboard layout has it. Ctrl+B was the
 * other candidate but is bold in text fields and Firefox's bookmarks sidebar; the app's own hotkey is Alt+T.
 */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "code" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): boolean {
  return event.code === "KeyS" && event.shiftKey && !event.altKey && (event.ctrlKey || event.metaKey);
}

/**
 * docs/product.md §3 innerSidebar: open, close, toggle. Starts from the cookie the server rendered with; a change is written to
 * the cookie (next first paint) and to localStorage (the device's copy, docs/product.md §3 keys), like theme and language.
 */
export function useDesktopSidebar() {
  const rendered = useRootData()?.sidebar ?? "open";
  const [state, setState] = useState<SidebarState>(rendered);
  const current = useRef(state);
  current.current = state;
  const toggle = useCallback(() => {
    const next: SidebarState = current.current === "open" ? "closed" : "open";
    document.cookie = preferenceCookie("sidebar", next);
    writeStored(STORAGE_KEYS.sidebar, next);
    setState(next);
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event) || event.repeat) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);
  return { open: state === "open", toggle };
}

/** The shortcut as this platform writes it: decided after mount (the server renders the Ctrl form). */
function useShortcutLabel(): string {
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)), []);
  return mac ? "⌘+Shift+S" : "Ctrl+Shift+S";
}

/** Desktop only: the button that hides and shows the history sidebar. */
export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const keys = useShortcutLabel();
  const label = t(open ? "sidebar.hide" : "sidebar.show");
  return (
    <Button
      type="button"
      onClick={onToggle}
      variant="ghost"
      size="none"
      className="rounded-md p-2 max-md:hidden"
      aria-label={label}
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      aria-keyshortcuts="Control+Shift+S Meta+Shift+S"
      title={t("sidebar.shortcut", { label, keys })}
    >
      {open ? <PanelLeftClose className="size-5" aria-hidden /> : <PanelLeftOpen className="size-5" aria-hidden />}
    </Button>
  );
}
