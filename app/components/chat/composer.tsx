import { ImagePlus, Mic, SendHorizontal, Square } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NETWORK_FAILED } from "~/lib/api-client";
import type { DocumentView } from "~/lib/documents";
import { notify } from "~/lib/toast";
import { lazyOverlay } from "../ui/lazy-overlay";
import type { MicrophoneError } from "./voice";
import { Button } from "~/components/ui/button";

/** An uploaded image (shown from `previewUrl`) or document (its chip follows `document` while it is read). */
export interface Attachment {
  id: string;
  previewUrl?: string;
  document?: DocumentView;
}

const loadAttachmentPreview = () => import("./attachment-preview");
const AttachmentPreview = lazyOverlay(loadAttachmentPreview, ["documents"]);

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (text: string, attachment: Attachment | null) => void;
  /**
   * The attached image, when the screen keeps it (like `value`): the chat's composer moves in the page once a
   * conversation starts, and a refused question must get its image back with its text.
   */
  attachment?: Attachment | null;
  onAttachmentChange?: (attachment: Attachment | null) => void;
  onStop?: () => void;
  busy?: boolean;
  /** Attach an image (vision models). */
  allowAttachment?: boolean;
  /**
   * Attach a PDF, Word or text document (the chat; docs/decisions/0031-documents-in-chat.md): the accepted types, from
   * the screen's data, so an empty chat's first scripts do not carry the list.
   */
  acceptDocuments?: string;
  footer?: ReactNode;
  toolbar?: ReactNode;
  /** The chat is temporary: what is attached is uploaded as its (decision 0027). */
  temporary?: boolean;
}

function speechRecognitionSupported(): boolean {
  return typeof window !== "undefined" && ("SpeechRecognition" in window || "webkitSpeechRecognition" in window);
}

/** Message box: Enter sends, Shift+Enter adds a line; optional image attachment and voice input. */
export function Composer(props: ComposerProps) {
  const { value, onChange, onSubmit, onStop, busy = false, allowAttachment = false, acceptDocuments, footer, toolbar, temporary = false } = props;
  const { t, i18n } = useTranslation("chat");
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [ownAttachment, setOwnAttachment] = useState<Attachment | null>(null);
  const attachment = props.attachment !== undefined ? props.attachment : ownAttachment;
  const setAttachment = props.onAttachmentChange ?? setOwnAttachment;
  const [uploading, setUploading] = useState(false);
  const [listening, setListening] = useState<AbortController | null>(null);
  const [voiceSupported, setVoiceSupported] = useState(false);
  useEffect(() => {
    setVoiceSupported(speechRecognitionSupported());
  }, []);
  // A document is sent once it has been read; one that could not be read is not sent at all (its chip says why).
  const waitingDocument = attachment?.document && attachment.document.state !== "ready";
  const canSend = value.trim().length > 0 && !busy && !uploading && !waitingDocument && Boolean(onSubmit);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSubmit?.(value.trim(), attachment);
    setAttachment(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const { uploadAttachment } = await loadAttachmentPreview();
      const uploaded = await uploadAttachment(file, t, i18n.language, temporary);
      if (uploaded) setAttachment(uploaded);
    } catch {
      // The upload's code could not be fetched (offline since the page loaded).
      notify("error", t(`errors:${NETWORK_FAILED}`));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const toggleVoice = async () => {
    if (listening) return listening.abort();
    const controller = new AbortController();
    setListening(controller);
    const before = value ? `${value} ` : "";
    try {
      // The recogniser's code loads on the first press: most visits never use it (decision 0019).
      const { listen } = await import("./voice");
      await listen(i18n.language, (text) => onChange(before + text), controller.signal);
    } catch (code) {
      // A MicrophoneError code, or the recogniser's code could not be fetched (offline).
      notify("error", t(`errors:${typeof code === "string" ? (code as MicrophoneError) : NETWORK_FAILED}`));
    } finally {
      setListening(null);
    }
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border bg-card p-2 shadow-sm">
      {toolbar && <div className="flex flex-wrap items-center gap-2 px-1 pb-2">{toolbar}</div>}
      {attachment && <AttachmentPreview open attachment={attachment} onChange={setAttachment} reasonId={`${id}-waiting`} />}
      <label htmlFor={id} className="sr-only">
        {t("composer.label")}
      </label>
      <textarea
        id={id}
        name="message"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("composer.placeholder")}
        className="w-full resize-none bg-transparent px-2 py-1 text-base outline-none"
      />
      {/* On a phone the footer (the credits line) takes a line of its own under the buttons and wraps; from sm up it
          sits between them. Never truncated: the cost and refill time are what a person reads before sending. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-1">
        <div className="flex items-center gap-1">
          {(allowAttachment || acceptDocuments) && (
            <>
              <input
                ref={fileInput}
                type="file"
                accept={[allowAttachment && "image/png,image/jpeg", acceptDocuments].filter(Boolean).join(",")}
                className="sr-only"
                id={`${id}-file`}
                onChange={(event) => event.target.files?.[0] && void upload(event.target.files[0])}
              />
              <label
                htmlFor={`${id}-file`}
                className="cursor-pointer rounded p-1.5 text-muted-foreground hover:bg-muted"
                title={t(allowAttachment ? "attach" : "attachFile")}
              >
                <ImagePlus className="size-4" aria-hidden />
                <span className="sr-only">{t(allowAttachment ? "attach" : "attachFile")}</span>
              </label>
            </>
          )}
          {voiceSupported && (
            <Button
              type="button"
              onClick={() => void toggleVoice()}
              variant="ghost"
              size="icon"
              className={listening ? "text-danger" : "text-muted-foreground"}
              aria-label={listening ? t("voice.stop") : t("voice.start")}
              aria-pressed={Boolean(listening)}
            >
              <Mic className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        <div className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-0">
          {footer ?? <span className="text-xs text-muted-foreground">{t("composer.hint")}</span>}
        </div>
        {busy && onStop ? (
          <Button type="button" onClick={onStop} variant="outline" size="sm" className="ml-auto font-medium">
            <Square className="size-3.5 fill-current" aria-hidden />
            {t("actions.stop")}
          </Button>
        ) : (
          <Button
            type="submit"
            disabled={!canSend}
            aria-describedby={waitingDocument ? `${id}-waiting` : undefined}
            variant="primary"
            size="sm"
            className="ml-auto"
          >
            <SendHorizontal className="size-4" aria-hidden />
            {t("composer.send")}
          </Button>
        )}
      </div>
    </form>
  );
}
