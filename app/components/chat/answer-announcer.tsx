// A finished answer told to screen readers once (WCAG 2.2 SC 4.1.3, status messages): the answer's item is only
// marked busy while it streams, which most screen readers do not announce when it clears, so a person who cannot see
// the text arrive would not know it is there. A polite region waits until the reader is idle and says nothing else.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "./chat-state";

/**
 * The region is in the page from the list's first paint (a region added together with its text is often not read)
 * and gets "Answer ready: <the answer as prose>" when an answer this page saw streaming completes. An answer that was
 * already finished when the page showed it (a reload, history) is not news; a failed one has its own alert and a
 * stopped one was stopped by the person.
 */
export function AnswerAnnouncer({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation("chat");
  const [said, setSaid] = useState("");
  // Kept across the answer's change of id (a `pending-` id until the server names it).
  const streaming = useRef(false);
  const last = messages[messages.length - 1];
  const status = last?.role === "assistant" ? last.status : undefined;
  const content = last?.content ?? "";
  useEffect(() => {
    if (status === "streaming") {
      streaming.current = true;
      return;
    }
    if (!streaming.current) return;
    streaming.current = false;
    if (status !== "complete" || !content) return;
    // The Markdown-to-prose reader loads with the first finished answer, not with the chat (decision 0019).
    void import("~/lib/speakable-text").then(({ speakableText }) => setSaid(t("answerReady", { text: speakableText(content, t("voice.code")) })));
  }, [status, content, t]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {said}
    </div>
  );
}
