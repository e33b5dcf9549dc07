// A question in the conversation: its file or photo, a WhatsApp voice note, the text, and "Edit" on the last one.
import { Link } from "@remix-run/react";
import { ImagePlus, Pencil, Telescope } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/lib/documents";
import { Button } from "~/components/ui/button";
import { FileChip } from "../documents/file-chip";
import { AddToProject } from "../projects/add-to-project";
import type { ChatMessage } from "./chat-state";

function EditBox({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState(initial);
  return (
    <form
      className="flex w-full flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSave(text.trim());
      }}
    >
      <label className="sr-only" htmlFor="edit-message">
        {t("actions.edit")}
      </label>
      <textarea
        id="edit-message"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        className="w-full rounded-lg border bg-background p-2 text-sm"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onCancel} variant="outline" size="sm">
          {t("actions.cancel")}
        </Button>
        <Button type="submit" variant="primary" size="sm">
          {t("actions.saveAndSend")}
        </Button>
      </div>
    </form>
  );
}

/**
 * One question. `editing` shows the edit box in its place; `canEdit` offers "Edit" (the last question, while no answer
 * is being written); `onEditing` opens or closes the box and `onEdit` sends the edited text.
 */
export function UserMessage({
  message,
  documents,
  editing,
  canEdit,
  onEditing,
  onEdit,
}: {
  message: ChatMessage;
  documents: Record<string, DocumentView>;
  editing: boolean;
  canEdit: boolean;
  onEditing: (editing: boolean) => void;
  onEdit: (text: string) => void;
}) {
  const { t } = useTranslation("chat");
  const file = message.attachmentId ? documents[message.attachmentId] : undefined;
  return (
    <li className="flex flex-col items-end gap-1">
      {editing ? (
        <EditBox
          initial={message.content}
          onCancel={() => onEditing(false)}
          onSave={(text) => {
            onEditing(false);
            onEdit(text);
          }}
        />
      ) : (
        <>
          {file ? (
            <>
              <FileChip document={file} />
              <AddToProject documentId={file.id} />
            </>
          ) : (
            message.attachmentId && (
              <figure className="flex flex-col items-end gap-1">
                <img src={`/media/uploads/${message.attachmentId}`} alt={t("attachment")} className="max-h-48 rounded-lg border" />
                {/* The photo opens in the image generator's editor; the result is kept in the gallery (decision 0029). */}
                <Link
                  to={`/image-generation?editUpload=${encodeURIComponent(message.attachmentId)}`}
                  className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground"
                >
                  <ImagePlus className="size-3.5" aria-hidden />
                  {t("editAttachment")}
                </Link>
                <AddToProject documentId={message.attachmentId} />
              </figure>
            )
          )}
          {message.voiceNote && (
            // A WhatsApp voice note, above the transcript it became (decision 0025); owner-only like uploads.
            <audio controls preload="none" src={`/media/voice-notes/${message.id}`} aria-label={t("voiceNote")} className="h-10 max-w-[85%]" />
          )}
          <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-accent px-4 py-2 text-[15px]">{message.content}</div>
          {canEdit && (
            <div className="flex gap-1">
              {/* From a chat to deep research on its question (decision 0043): the web-search page, switched on. */}
              <Link
                to={`/web-search?research=${encodeURIComponent(message.content.slice(0, 500))}`}
                className="inline-flex items-center gap-1 rounded px-1.5 py-1 text-xs text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <Telescope className="size-3.5" aria-hidden />
                {t("actions.deepResearch")}
              </Link>
              <Button type="button" onClick={() => onEditing(true)} variant="ghost" size="xs" className="text-muted-foreground">
                <Pencil className="size-3.5" aria-hidden />
                {t("actions.edit")}
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}
