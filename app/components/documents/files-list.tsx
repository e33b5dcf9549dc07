// The gallery's Files tab (docs/decisions/0031-documents-in-chat.md): every document the person attached, newest
// first, with the chat it belongs to; open (the side panel), download, and delete behind a confirmation.
import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "@remix-run/react";
import { Download, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { formatFileSize } from "~/lib/bytes";
import type { DocumentView } from "~/lib/documents";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { openDocumentPanel } from "~/lib/ui-store";
import { CenteredDialog } from "../ui/centered-dialog";
import { ShowMore, useMorePages } from "../ui/show-more";
import { documentStatusText } from "./document-status";
import { Button } from "~/components/ui/button";

export type GalleryFile = DocumentView & { threadTitle: string | null };

function DeleteFileDialog({ file, onClose, onDeleted }: { file: GalleryFile | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const { t } = useTranslation("gallery");
  const errorText = useErrorText();
  const [deleting, setDeleting] = useState(false);
  const remove = async (target: GalleryFile) => {
    setDeleting(true);
    const answer = await callApi(`/api/documents/${encodeURIComponent(target.id)}`, { method: "DELETE" });
    setDeleting(false);
    if (!answer.ok) return notify("error", answer.error.message || errorText(answer.error.code));
    onDeleted(target.id);
    notify("success", t("files.deleted"));
  };
  return (
    <CenteredDialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Title className="text-lg font-semibold">{t("files.confirmTitle")}</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-muted-foreground wrap-anywhere">{t("files.confirmBody", { name: file?.name ?? "" })}</Dialog.Description>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close className="rounded-md border px-3 py-1.5 text-sm hover:bg-muted">{t("files.cancel")}</Dialog.Close>
        <Button type="button" disabled={deleting} onClick={() => file && void remove(file)} variant="danger" size="sm">
          {t("files.confirm")}
        </Button>
      </div>
    </CenteredDialog>
  );
}

/** The gallery's data a page of files arrives in (routes/_main.gallery.tsx). */
interface FilesPage {
  files: GalleryFile[];
  filesCursor: string | null;
}

/** The first page of files (`files`), and the ones "Show more" loads after `nextCursor`. */
export function FilesList({ files: first, nextCursor }: { files: GalleryFile[]; nextCursor: string | null }) {
  const { t, i18n } = useTranslation(["gallery", "documents"]);
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState<GalleryFile | null>(null);
  const pages = useMorePages({ items: first, nextCursor }, (data: FilesPage) => ({ items: data.files, nextCursor: data.filesCursor }));
  const files = pages.items.filter((file) => !removed.has(file.id));

  if (files.length === 0) return <p className="mx-auto max-w-xl px-4 py-12 text-center text-sm text-muted-foreground">{t("files.empty")}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y rounded-xl border bg-card" aria-label={t("files.label")}>
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm" data-file={file.id}>
            <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <Button
                type="button"
                onClick={() => openDocumentPanel({ document: file, page: 1, context: null })}
                variant="unstyled"
                className="truncate text-left font-medium hover:underline"
                aria-label={t("files.open", { name: file.name })}
              >
                {file.name}
              </Button>
              <p className="text-xs text-muted-foreground">
                {[file.pages !== null ? t("files.pages", { count: file.pages }) : null, formatFileSize(file.bytes, i18n.language)].filter(Boolean).join(" · ")}
                {" · "}
                {/* The server formats in UTC, the browser in its own zone: near midnight the day can differ. */}
                <time dateTime={new Date(file.createdAt).toISOString()} suppressHydrationWarning>
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(file.createdAt))}
                </time>
                {" · "}
                <span className={file.state === "failed" ? "text-danger" : ""}>{documentStatusText(t, file)}</span>
              </p>
              <p className="text-xs text-muted-foreground">
                {file.threadId ? (
                  <Link to={`/web-main/${encodeURIComponent(file.threadId)}`} className="underline hover:text-foreground">
                    {file.threadTitle ? t("files.chat", { title: file.threadTitle }) : t("files.untitledChat")}
                  </Link>
                ) : (
                  t("files.noChat")
                )}
              </p>
            </div>
            <a
              href={`/media/documents/${encodeURIComponent(file.id)}`}
              download={file.name}
              className="rounded p-1.5 text-muted-foreground hover:bg-muted"
              aria-label={t("files.download", { name: file.name })}
            >
              <Download className="size-4" aria-hidden />
            </a>
            <Button
              type="button"
              onClick={() => setConfirming(file)}
              variant="ghost"
              size="icon"
              className="text-muted-foreground hover:text-danger"
              aria-label={t("files.delete", { name: file.name })}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {pages.cursor && <ShowMore href={`/gallery?tab=files&filesCursor=${encodeURIComponent(pages.cursor)}`} loading={pages.loading} load={pages.load} />}
      <DeleteFileDialog
        file={confirming}
        onClose={() => setConfirming(null)}
        onDeleted={(id) => {
          setRemoved((current) => new Set(current).add(id));
          setConfirming(null);
        }}
      />
    </div>
  );
}
