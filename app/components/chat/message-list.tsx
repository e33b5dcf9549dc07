import { Link } from "@remix-run/react";
import { ImagePlus, Pencil, RefreshCw, RotateCcw, ThumbsDown, ThumbsUp } from "lucide-react";
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Markdown, MarkdownPreload } from "./markdown";
import { CopyButton } from "./copy-button";
import { ReadAloudButton } from "./read-aloud-button";
import { isPlaceholder, type ChatMessage } from "./chat-state";
import { MemoryNoteView } from "./memory-note";
import type { DocumentView } from "~/lib/documents";
import { useStore } from "~/lib/store";
import { DocumentPanelHost } from "../documents/document-panel-host";
import { uploadedDocuments } from "../documents/uploaded-documents";
import { FileChip } from "../documents/file-chip";
import { Button } from "~/components/ui/button";

interface MessageListProps {
  messages: ChatMessage[];
  busy: boolean;
  demoMode: boolean;
  onRegenerate: () => void;
  onEdit: (text: string) => void;
  onFeedback: (messageId: string, feedback: "like" | "dislike" | "none") => void;
  /** A temporary chat (issue 33): its answers are not saved, so there is nothing to rate or read back from the server. */
  temporary?: boolean;
  /** The thread's documents by id (a question whose attachmentId is one shows its file; answers' citations open them). */
  documents?: Record<string, DocumentView>;
}

const NO_DOCUMENTS: Record<string, DocumentView> = {};

function ThinkingDots() {
  const { t } = useTranslation("chat");
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <span className="inline-flex gap-1" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-current" />
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:120ms]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:240ms]" />
      </span>
      {t("thinking")}
    </p>
  );
}

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

/** How far (px) below the view the list's end may be and still count as "at the end" after the reader scrolled up. */
const AT_END_SLACK_PX = 48;
/** Keys that move the view up: pressing one while an answer streams means "let me read". */
const UPWARD_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);

/**
 * The element that scrolls the conversation now: the nearest ancestor with its own scrolling that has more content
 * than room, else the page (on most layouts the page itself scrolls).
 */
function scrollerOf(node: HTMLElement): HTMLElement {
  for (let element = node.parentElement; element; element = element.parentElement) {
    const overflow = getComputedStyle(element).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && element.scrollHeight > element.clientHeight) return element;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : document.documentElement;
}

/**
 * Whether a streaming answer should keep the end in view. A reader who scrolls up over the conversation (wheel,
 * touch, keys, the scrollbar) stops the following; reaching the bottom again restarts it. Only gestures stop it: the
 * list's own scrolling, and content growing between a scroll and its event, never do.
 */
function useFollowTheEnd(end: RefObject<HTMLElement>) {
  const following = useRef(true);
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel) return;
    // Gestures count only over the page's main content, not over the sidebar's own lists or a dialog.
    const area = sentinel.closest("main") ?? document.body;
    const over = (event: Event) => event.target instanceof Node && area.contains(event.target);
    const stop = () => {
      following.current = false;
    };
    // The list's last line is in view, give or take `slack` px (a sticky composer may still sit below it on the page).
    const endIsWithin = (slack: number) => {
      const box = scrollerOf(sentinel);
      const bottom = box === document.scrollingElement || box === document.documentElement ? window.innerHeight : box.getBoundingClientRect().bottom;
      return sentinel.getBoundingClientRect().bottom <= bottom + slack;
    };
    // At the end again after the reader scrolled away: following resumes.
    // While following there is nothing to learn, so the scrolls a streaming answer causes cost no style or layout
    // reads; the scroller is looked up only once the reader has scrolled away.
    const onScroll = () => {
      if (!following.current && endIsWithin(AT_END_SLACK_PX)) following.current = true;
    };
    const onWheel = (event: Event) => {
      const { deltaY, deltaMode } = event as WheelEvent;
      if (!over(event) || deltaY >= 0) return;
      stop();
      // A passive wheel scrolls the page before this event reaches the main thread; a streamed chunk painted in
      // between still saw "following" and took the view back to the end (on a busy phone, often), and that scroll's
      // event then counted as "at the end again". The next frame shows whether the gesture was lost that way: still
      // exactly at the end, it is applied once more.
      requestAnimationFrame(() => {
        if (!endIsWithin(1)) return;
        stop();
        const pixels = deltaMode === WheelEvent.DOM_DELTA_PIXEL ? deltaY : deltaMode === WheelEvent.DOM_DELTA_LINE ? deltaY * 40 : -window.innerHeight;
        scrollerOf(sentinel).scrollBy({ top: pixels });
      });
    };
    const onTouchMove = (event: Event) => {
      if (over(event)) stop();
    };
    const onKey = (event: Event) => {
      const target = event.target;
      const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (!typing && UPWARD_KEYS.has((event as KeyboardEvent).key)) stop();
    };
    // A press on the scrolling element itself (not on anything inside it) is its scrollbar.
    const onPointerDown = (event: Event) => {
      if (event.target === scrollerOf(sentinel)) stop();
    };
    // Scroll events do not bubble; a capturing listener on the window hears the page's and every element's.
    window.addEventListener("scroll", onScroll, { passive: true, capture: true });
    window.addEventListener("wheel", onWheel, { passive: true });
    window.addEventListener("touchmove", onTouchMove, { passive: true });
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointerDown);
    return () => {
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("wheel", onWheel);
      window.removeEventListener("touchmove", onTouchMove);
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointerDown);
    };
  }, [end]);
  return following;
}

/** Memoised: while someone types, only the composer changes; the list renders again only when the messages do. */
export const MessageList = memo(function MessageList({
  messages,
  busy,
  demoMode,
  onRegenerate,
  onEdit,
  onFeedback,
  temporary = false,
  documents: loaded = NO_DOCUMENTS,
}: MessageListProps) {
  // Documents sent from this page show (and are cited) before the loader names them with the thread's.
  const uploaded = useStore(uploadedDocuments);
  const { t } = useTranslation("chat");
  const [editing, setEditing] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const following = useFollowTheEnd(end);
  const lastContent = messages[messages.length - 1]?.content.length ?? 0;
  // An answer that finishes gains its action row below the text, after the last paint of text.
  const lastStatus = messages[messages.length - 1]?.status;
  // A new message (one they sent, or an answer starting) always brings the end into view.
  useEffect(() => {
    following.current = true;
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, following]);
  // A growing answer is followed only while the reader has not scrolled away to read something above.
  useEffect(() => {
    if (following.current) end.current?.scrollIntoView({ block: "end" });
  }, [lastContent, lastStatus, following]);
  const lastUser = messages.map((message) => message.role).lastIndexOf("user");
  const lastAssistant = messages.map((message) => message.role).lastIndexOf("assistant");

  // The renderer's files are named once, in the first answer shown as markdown (a <link> may not sit in the <ol>).
  const firstAnswer = messages.findIndex((message) => message.role === "assistant" && message.content);
  const documents = useMemo(() => {
    const sent = messages.filter((message) => message.attachmentId && uploaded[message.attachmentId]).map((message) => uploaded[message.attachmentId!]!);
    return sent.length ? { ...Object.fromEntries(sent.map((document) => [document.id, document])), ...loaded } : loaded;
  }, [messages, uploaded, loaded]);
  const threadDocuments = useMemo(() => Object.values(documents), [documents]);

  return (
    <>
      <ol className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6" aria-label={t("conversation")}>
        {messages.map((message, index) =>
          message.role === "user" ? (
            <li key={message.id} className="flex flex-col items-end gap-1">
              {editing && index === lastUser ? (
                <EditBox
                  initial={message.content}
                  onCancel={() => setEditing(false)}
                  onSave={(text) => {
                    setEditing(false);
                    onEdit(text);
                  }}
                />
              ) : (
                <>
                  {message.attachmentId && documents[message.attachmentId] ? (
                    <FileChip document={documents[message.attachmentId]!} />
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
                      </figure>
                    )
                  )}
                  {message.voiceNote && (
                    // A WhatsApp voice note, above the transcript it became (decision 0025); owner-only like uploads.
                    <audio controls preload="none" src={`/media/voice-notes/${message.id}`} aria-label={t("voiceNote")} className="h-10 max-w-[85%]" />
                  )}
                  <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-accent px-4 py-2 text-[15px]">{message.content}</div>
                  {index === lastUser && !busy && (
                    <Button type="button" onClick={() => setEditing(true)} variant="ghost" size="xs" className="text-muted-foreground">
                      <Pencil className="size-3.5" aria-hidden />
                      {t("actions.edit")}
                    </Button>
                  )}
                </>
              )}
            </li>
          ) : (
            <li key={message.id} className="flex flex-col gap-2" aria-busy={message.status === "streaming"}>
              <span className="text-xs font-medium text-muted-foreground">{demoMode ? t("demoModel") : message.model}</span>
              {message.thinking && !message.content ? (
                <ThinkingDots />
              ) : message.content ? (
                <>
                  <Markdown text={message.content} documents={threadDocuments} />
                  {index === firstAnswer && <MarkdownPreload />}
                </>
              ) : message.status === "streaming" ? (
                <ThinkingDots />
              ) : null}
              {message.status === "failed" && (
                <p role="alert" className="rounded-md border border-danger/40 px-3 py-2 text-sm text-danger">
                  {t(`errors:${message.errorCode ?? "app/unknown"}`)}
                </p>
              )}
              {message.status === "stopped" && <p className="text-xs text-muted-foreground">{t("stopped")}</p>}
              {message.status !== "streaming" && (
                <div className="flex flex-wrap items-center gap-1">
                  {message.content && <CopyButton text={message.content} label={t("actions.copy")} />}
                  {message.content && !isPlaceholder(message.id) && !temporary && <ReadAloudButton messageId={message.id} text={message.content} />}
                  {message.content && !temporary && (
                    <>
                      <Button
                        type="button"
                        aria-pressed={message.feedback === "like"}
                        onClick={() => onFeedback(message.id, message.feedback === "like" ? "none" : "like")}
                        variant="ghost"
                        size="icon"
                        className={message.feedback === "like" ? "text-primary" : "text-muted-foreground"}
                        aria-label={t("actions.like")}
                      >
                        <ThumbsUp className="size-3.5" aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        aria-pressed={message.feedback === "dislike"}
                        onClick={() => onFeedback(message.id, message.feedback === "dislike" ? "none" : "dislike")}
                        variant="ghost"
                        size="icon"
                        className={message.feedback === "dislike" ? "text-primary" : "text-muted-foreground"}
                        aria-label={t("actions.dislike")}
                      >
                        <ThumbsDown className="size-3.5" aria-hidden />
                      </Button>
                    </>
                  )}
                  {index === lastAssistant && !busy && (
                    <Button type="button" onClick={onRegenerate} variant="ghost" size="xs" className="text-muted-foreground hover:text-foreground">
                      {message.status === "failed" ? <RotateCcw className="size-3.5" aria-hidden /> : <RefreshCw className="size-3.5" aria-hidden />}
                      {message.status === "failed" ? t("actions.retry") : t("actions.regenerate")}
                    </Button>
                  )}
                </div>
              )}
              <MemoryNoteView note={message.memory} messageId={message.id} />
            </li>
          ),
        )}
        <div ref={end} />
      </ol>
      {threadDocuments.length > 0 && <DocumentPanelHost />}
    </>
  );
});
