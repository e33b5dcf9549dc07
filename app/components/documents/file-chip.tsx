import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/lib/documents";
import { openDocumentPanel } from "~/lib/ui-store";
import { Button } from "~/components/ui/button";

/** A document sent with a question: its name and pages; opens the side panel at its first page. */
export function FileChip({ document }: { document: DocumentView }) {
  const { t } = useTranslation("chat");
  return (
    <Button
      type="button"
      onClick={() => openDocumentPanel({ document, page: 1, context: null })}
      aria-label={t("file.open", { name: document.name })}
      variant="unstyled"
      className="flex max-w-[85%] items-center gap-2 rounded-lg border bg-card px-3 py-2 text-left text-sm hover:bg-muted"
      data-file-chip
    >
      <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 truncate font-medium">{document.name}</span>
      {document.pages !== null && <span className="shrink-0 text-xs text-muted-foreground">{t("file.pages", { count: document.pages })}</span>}
    </Button>
  );
}
