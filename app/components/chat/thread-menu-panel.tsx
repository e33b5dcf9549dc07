import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { FileBraces, FileText, FolderInput, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { MenuItem } from "~/components/ui/menu-item";

export interface ThreadMenuProps {
  thread: { id: string; title: string };
  /** The trigger's accessible name. */
  label: string;
  /** The trigger's content (an icon, and text when the trigger shows any). */
  children: ReactNode;
  className?: string;
  /** Shows "Share" first in the menu. */
  onShare?: () => void;
  /** Shows "Move to project" (decision 0038-projects). */
  onMove?: () => void;
}

/**
 * The thread menu itself. The exports are real links with `download`, so the browser saves the file the server names
 * instead of opening it.
 */
export default function ThreadMenuPanel({
  thread,
  label,
  children,
  className,
  onShare,
  onMove,
  open,
  onOpenChange,
}: ThreadMenuProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("chat");
  const exportUrl = (format: "md" | "json") => `/api/threads/${thread.id}/export?format=${format}`;
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <Button type="button" variant="unstyled" className={className} aria-label={label}>
          {children}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border bg-card p-1 shadow-lg">
          {onShare && <MenuItem icon={Share2} label={t("share.button")} onSelect={onShare} />}
          {onMove && <MenuItem icon={FolderInput} label={t("projects.move")} onSelect={onMove} />}
          <MenuItem icon={FileText} label={t("export.markdown")} download={exportUrl("md")} />
          <MenuItem icon={FileBraces} label={t("export.json")} download={exportUrl("json")} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
