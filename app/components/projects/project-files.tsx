// A project's files on its page (docs/decisions/0038-projects.md): upload (the same checks, limits and quota as a chat's
// documents and photos), each document's reading state, open it, remove it; its images as thumbnails (project-images.tsx). The limit is shown before it is reached.
import { FileText } from "lucide-react";
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import type { DocumentView } from "~/lib/documents";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { openDocumentPanel } from "~/lib/ui-store";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { documentStatusText } from "../documents/document-status";
import { DocumentPanelHost } from "../documents/document-panel-host";
import { Button } from "~/components/ui/button";
import type { ProjectImage } from "~/lib/projects";
import { ProjectImages } from "./project-images";
import { RemoveProjectFile } from "./remove-project-file";

/** How often the page looks again while a file is being read. */
const READING_POLL_MS = 1_500;

interface ProjectFilesProps {
  projectId: string;
  files: DocumentView[];
  images: ProjectImage[];
  limit: number;
  accept: string;
}

export function ProjectFiles({ projectId, files, images, limit, accept }: ProjectFilesProps) {
  const { t } = useTranslation(["projects", "documents", "errors"]);
  const errorText = useErrorText();
  const revalidate = useSafeRevalidate();
  const inputId = useId();
  const [uploading, setUploading] = useState<string | null>(null);
  // Documents and images count against one limit of files.
  const used = files.length + images.length;
  const full = used >= limit;
  const reading = files.some((file) => file.state === "reading");

  // While a file is read in the background its state and progress are looked at again, then the page stops asking.
  useEffect(() => {
    if (!reading) return;
    const timer = setInterval(revalidate, READING_POLL_MS);
    return () => clearInterval(timer);
  }, [reading, revalidate]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    for (const file of chosen) {
      setUploading(file.name);
      const form = new FormData();
      form.set("file", file);
      form.set("projectId", projectId);
      const answer = await callApi("/api/uploads", { method: "POST", body: form });
      if (!answer.ok) notify("error", answer.error.message || errorText(answer.error.code));
    }
    setUploading(null);
    input.value = "";
    revalidate();
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-3">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold">
        {t("files")}
      </h2>
      <p role="status" className="text-sm text-muted-foreground">
        {full ? t("filesReached", { limit }) : t("filesUsage", { used, limit })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t("addFiles")}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={accept}
          disabled={full || uploading !== null}
          onChange={(event) => void upload(event)}
          aria-describedby={`${inputId}-hint`}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        />
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {uploading ? t("uploading", { name: uploading }) : t("filesHint")}
        </p>
      </div>
      <ProjectImages projectId={projectId} images={images} />
      {used === 0 ? (
        <p className="text-sm text-muted-foreground">{t("noFiles")}</p>
      ) : files.length === 0 ? null : (
        <ul className="flex flex-col divide-y rounded-xl border">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-4 py-2">
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {file.state === "ready" ? (
                <Button
                  type="button"
                  variant="link"
                  className="min-w-0 flex-1 truncate text-left"
                  onClick={() => openDocumentPanel({ document: file, page: 1, context: null })}
                >
                  {file.name}
                </Button>
              ) : (
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
              )}
              <span className="text-xs text-muted-foreground">
                {file.state === "ready" && file.pages !== null ? t("pages", { count: file.pages }) : documentStatusText(t, file)}
              </span>
              <RemoveProjectFile projectId={projectId} fileId={file.id} label={t("removeFile", { name: file.name })} />
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && <DocumentPanelHost />}
    </section>
  );
}
