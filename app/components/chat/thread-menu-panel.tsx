import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { FileBraces, FileText, FolderInput, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

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

const itemClass = "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted";

/**
 * The thread menu itself. The exports are real links with `download`, so the browser saves the file the server names
 * (Content-Disposition: attachment) instead of opening it.
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
          {onShare && (
            <DropdownMenu.Item className={itemClass} onSelect={onShare}>
              <Share2 className="size-4" aria-hidden />
              {t("share.button")}
            </DropdownMenu.Item>
          )}
          {onMove && (
            <DropdownMenu.Item className={itemClass} onSelect={onMove}>
              <FolderInput className="size-4" aria-hidden />
              {t("projects.move")}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={exportUrl("md")} download>
              <FileText className="size-4" aria-hidden />
              {t("export.markdown")}
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <a href={exportUrl("json")} download>
              <FileBraces className="size-4" aria-hidden />
              {t("export.json")}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
