// What the composer shows for its attachment, and the upload that makes one: loaded when a file is first chosen (or an
// attachment is given back after a refused send), so an empty chat's first visit carries neither (decision 0019).
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { errorText } from "~/lib/error-text";
import type { DocumentView } from "~/lib/documents";
import { notify } from "~/lib/toast";
import type { Attachment } from "./composer";
import DocumentChip from "../documents/document-chip";
import { rememberDocument } from "../documents/uploaded-documents";
import { Button } from "~/components/ui/button";

/**
 * Uploads a chosen image or document; null when refused (the toast says why, in the server's words: a daily cap's
 * message already says how long it lasts, in the page's language). `temporary`: chosen in a temporary chat, so the
 * server keeps it an hour at most and never lists it (decision 0027).
 */
export async function uploadAttachment(file: File, t: (key: string) => string, locale: string, temporary = false): Promise<Attachment | null> {
  const form = new FormData();
  form.set("file", file);
  if (temporary) form.set("temporary", "true");
  const answer = await callApi<{ id: string; document?: DocumentView }>("/api/uploads", { method: "POST", body: form });
  if (!answer.ok) {
    notify("error", answer.error.message || errorText(t, locale, answer.error.code));
    return null;
  }
  const { id, document } = answer.data;
  if (document) rememberDocument(document);
  return document ? { id, document } : { id, previewUrl: URL.createObjectURL(file) };
}

export interface AttachmentPreviewProps {
  /** Always true while there is an attachment (this loads like an overlay). */
  open: boolean;
  attachment: Attachment;
  onChange: (attachment: Attachment | null) => void;
  /** The id of the line saying why sending waits for a document. */
  reasonId: string;
}

export default function AttachmentPreview({ attachment, onChange, reasonId }: AttachmentPreviewProps) {
  const { t } = useTranslation("chat");
  if (attachment.document)
    return (
      <DocumentChip
        document={attachment.document}
        onChange={(document) => {
          rememberDocument(document);
          onChange({ id: document.id, document });
        }}
        onRemove={() => onChange(null)}
        reasonId={reasonId}
      />
    );
  return (
    <div className="relative mb-2 ml-1 inline-block">
      <img src={attachment.previewUrl} alt={t("attachment")} className="h-16 rounded-md border object-cover" />
      <Button
        type="button"
        onClick={() => onChange(null)}
        variant="unstyled"
        className="absolute -right-2 -top-2 rounded-full border bg-card p-0.5"
        aria-label={t("removeAttachment")}
      >
        <X className="size-3" aria-hidden />
      </Button>
    </div>
  );
}
