// The document side panel (docs/decisions/0031-documents-in-chat.md): a cited page, loaded the first time a citation or
// file is opened. A right-hand sheet (the whole screen on a phone), focus kept inside, Esc closes. A PDF page is drawn
// as printed; below it (alone for Word and text files) the page's text with the cited words marked.
import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { highlightPassage } from "~/lib/highlight-passage";
import type { DocumentView } from "~/lib/documents";
import { useErrorText } from "~/lib/error-text";
import type { DocumentPage } from "~/lib/ui-store";
import { useReturnFocus } from "../ui/return-focus";
import { PdfPage } from "./pdf-page";
import { Button } from "~/components/ui/button";

export interface DocumentPanelProps {
  open: boolean;
  target: DocumentPage;
  onOpenChange: (open: boolean) => void;
}

interface PageAnswer {
  document: DocumentView;
  page: { number: number; heading: string | null; text: string };
}

/** A page's answer, by the URL it was asked at: an answer to an earlier page is not shown for this one. */
type Loaded = { url: string; answer: PageAnswer } | { url: string; error: string };

/** The page's text with the answer's words in a <mark>, scrolled into view. */
function PageText({ text, context }: { text: string; context: string | null }) {
  const span = useMemo(() => (context ? highlightPassage(text, context) : null), [text, context]);
  if (!span) return <>{text}</>;
  return (
    <>
      {text.slice(0, span.start)}
      <mark ref={(element) => element?.scrollIntoView({ block: "center" })} className="rounded bg-yellow-200 px-0.5 text-black dark:bg-yellow-300">
        {text.slice(span.start, span.end)}
      </mark>
      {text.slice(span.end)}
    </>
  );
}

/** The cited page through a share link: only a page its answers cite (the link checks), by the citation's file name. */
const sharedPageUrl = (shared: NonNullable<DocumentPage["shared"]>, page: number) =>
  `/api/shares/${encodeURIComponent(shared.shareId)}/pages/${page}${shared.name ? `?name=${encodeURIComponent(shared.name)}` : ""}`;

export default function DocumentPanel({ open, target, onOpenChange }: DocumentPanelProps) {
  const { t } = useTranslation("documents");
  const errorText = useErrorText();
  const [page, setPage] = useState(target.page);
  const [opened, setOpened] = useState(target);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Opened from a citation or a file, not a Dialog.Trigger: Esc gives focus back to that button.
  const returnFocus = useReturnFocus();
  // Another citation opens its own page, from its first render (an effect would fetch the old page first).
  if (opened !== target) {
    setOpened(target);
    setPage(target.page);
  }

  const { document: cited, shared } = target;
  const url = shared ? sharedPageUrl(shared, page) : `/api/documents/${encodeURIComponent(cited.id)}/pages/${page}`;
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    void callApi<PageAnswer>(url, { signal: abort.signal })
      .then((answer) => setLoaded(answer.ok ? { url, answer: answer.data } : { url, error: answer.error.message || errorText(answer.error.code) }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [open, url, errorText]);

  const current = loaded?.url === url ? loaded : null;
  // A shared page's answer names the file and its pages only (never its id): the rest stays the citation's.
  const document = current && "answer" in current ? { ...cited, ...current.answer.document } : cited;
  const pages = document.pages ?? page;
  // The cited words are marked on the cited page only.
  const context = page === target.page ? target.context : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-card shadow-xl sm:w-[min(44rem,92vw)] sm:border-l"
          data-document-panel
          {...returnFocus}
        >
          <div className="flex items-center gap-2 border-b px-4 py-3">
            <div className="min-w-0 flex-1">
              {/* A shared citation without a file name learns it from the link's answer. */}
              <Dialog.Title className="truncate font-semibold">{document.name || t("panel.loading")}</Dialog.Title>
              <Dialog.Description className="sr-only">{t("panel.description", { name: document.name })}</Dialog.Description>
            </div>
            {!shared && (
              <a
                href={`/media/documents/${encodeURIComponent(document.id)}`}
                download={document.name}
                className="inline-flex items-center gap-1 rounded p-1.5 text-sm hover:bg-muted"
                aria-label={t("panel.download")}
              >
                <Download className="size-4" aria-hidden />
              </a>
            )}
            <Dialog.Close className="rounded p-1.5 hover:bg-muted" aria-label={t("panel.close")}>
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          {shared ? (
            <p className="border-b px-4 py-2 text-center text-sm">{t("panel.pageOf", { page, pages })}</p>
          ) : (
            <nav className="flex items-center justify-between gap-2 border-b px-4 py-2 text-sm" aria-label={document.name}>
              <Button
                type="button"
                onClick={() => setPage((current) => Math.max(1, current - 1))}
                disabled={page <= 1}
                variant="ghost"
                size="none"
                className="gap-1 rounded px-2 py-1"
              >
                <ChevronLeft className="size-4" aria-hidden />
                {t("panel.previous")}
              </Button>
              <p aria-live="polite">{t("panel.pageOf", { page, pages })}</p>
              <Button
                type="button"
                onClick={() => setPage((current) => Math.min(pages, current + 1))}
                disabled={page >= pages}
                variant="ghost"
                size="none"
                className="gap-1 rounded px-2 py-1"
              >
                {t("panel.next")}
                <ChevronRight className="size-4" aria-hidden />
              </Button>
            </nav>
          )}
          {/* Focusable, so a page taller than the panel can be scrolled by keyboard (it holds no link or button). */}
          <div role="region" aria-label={t("panel.pageOf", { page, pages })} tabIndex={0} className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
            {document.contentType === "application/pdf" && !shared && (
              <PdfPage documentId={document.id} page={page} label={t("panel.rendered", { page, name: document.name })} />
            )}
            {!current ? (
              <p className="text-sm text-muted-foreground">{t("panel.loading")}</p>
            ) : "error" in current ? (
              <p role="alert" className="text-sm text-danger">
                {current.error}
              </p>
            ) : (
              <section aria-label={t("panel.text", { page })} className="flex flex-col gap-2">
                {current.answer.page.heading && <h3 className="font-medium">{t("panel.heading", { heading: current.answer.page.heading })}</h3>}
                <p className="whitespace-pre-wrap text-sm leading-relaxed" data-page-text>
                  <PageText text={current.answer.page.text} context={context} />
                </p>
              </section>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
