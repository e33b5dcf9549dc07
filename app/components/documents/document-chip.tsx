// The composer's chip for an attached document (with chat/attachment-preview.tsx, loaded when a file is first chosen):
// its name, pages and state, polled while it is read, and why the message waits.
import { FileText, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import type { DocumentView } from "~/lib/documents";
import { documentStatusText } from "./document-status";
import { Button } from "~/components/ui/button";

/** How often a document being read is asked about (docs/decisions/0031-documents-in-chat.md). */
const POLL_MS = 1000;

export interface DocumentChipProps {
  document: DocumentView;
  onChange: (document: DocumentView) => void;
  onRemove: () => void;
  /** The id of the line saying why sending waits (the send button is described by it). */
  reasonId: string;
}

/** Asks for the document's state about every second while it is read; stops when it is ready, failed, or removed. */
function useReadingProgress(document: DocumentView, onChange: (document: DocumentView) => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const shown = useRef(document);
  shown.current = document;
  const reading = document.state === "reading";
  useEffect(() => {
    if (!reading) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const answer = await callApi<{ document: DocumentView }>(`/api/documents/${encodeURIComponent(document.id)}`, { signal: abort.signal }).catch(() => null);
      if (abort.signal.aborted) return;
      // Asked again while it is read, or after a blip (offline, a server error); a refusal (the file deleted in another
      // tab: 404) ends it, shown as the chip's reason.
      const refused = answer !== null && !answer.ok && answer.status >= 400 && answer.status < 500;
      if (answer?.ok) latest.current(answer.data.document);
      else if (refused) latest.current({ ...shown.current, state: "failed", failure: answer.error.code });
      if (answer?.ok ? answer.data.document.state === "reading" : !refused) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [document.id, reading]);
}

export default function DocumentChip({ document, onChange, onRemove, reasonId }: DocumentChipProps) {
  const { t } = useTranslation(["documents", "chat"]);
  useReadingProgress(document, onChange);
  const failed = document.state === "failed";
  return (
    <div className="mb-2 ml-1 flex flex-col items-start gap-1">
      <div className={`flex max-w-full items-center gap-2 rounded-lg border px-2 py-1.5 text-sm ${failed ? "border-danger/50" : ""}`} data-document-chip>
        <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 truncate font-medium">{document.name}</span>
        {document.pages !== null && <span className="shrink-0 text-xs text-muted-foreground">{t("chat:file.pages", { count: document.pages })}</span>}
        <span role="status" className={`shrink-0 text-xs ${failed ? "text-danger" : "text-muted-foreground"}`}>
          {documentStatusText(t, document)}
        </span>
        <Button
          type="button"
          onClick={onRemove}
          variant="ghost"
          size="none"
          className="shrink-0 rounded-full p-0.5"
          aria-label={t("remove", { name: document.name })}
        >
          <X className="size-3.5" aria-hidden />
        </Button>
      </div>
      {document.state !== "ready" && (
        <p id={reasonId} className="text-xs text-muted-foreground">
          {failed ? t("cannotSend", { name: document.name }) : t("waiting", { name: document.name })}
        </p>
      )}
    </div>
  );
}
