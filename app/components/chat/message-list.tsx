// The conversation: questions and answers in order, kept in view while an answer streams (use-follow-the-end.ts).
import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/lib/documents";
import { proposeSchedule } from "~/lib/schedule-proposal";
import { useStore } from "~/lib/store";
import { DocumentPanelHost } from "../documents/document-panel-host";
import { uploadedDocuments } from "../documents/uploaded-documents";
import { AnswerAnnouncer } from "./answer-announcer";
import { AssistantMessage } from "./assistant-message";
import type { ChatMessage } from "./chat-state";
import { useFollowTheEnd } from "./use-follow-the-end";
import { UserMessage } from "./user-message";

interface MessageListProps {
  messages: ChatMessage[];
  busy: boolean;
  demoMode: boolean;
  onRegenerate: () => void;
  onEdit: (text: string) => void;
  onFeedback: (messageId: string, feedback: "like" | "dislike" | "none") => void;
  /** A temporary chat: its answers are not saved, so there is nothing to rate or read back from the server. */
  temporary?: boolean;
  /** The thread's documents by id (a question whose attachmentId is one shows its file; answers' citations open them). */
  documents?: Record<string, DocumentView>;
}

/** A schedule the question asked for in words (decision 0045), under its finished answer; none in a temporary chat. */
function proposalFor(messages: ChatMessage[], index: number, temporary: boolean) {
  const question = messages[index - 1];
  if (temporary || messages[index]!.status !== "complete" || question?.role !== "user") return null;
  return proposeSchedule(question.content);
}

const NO_DOCUMENTS: Record<string, DocumentView> = {};

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
  const end = useFollowTheEnd(messages);
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
            <UserMessage
              key={message.id}
              message={message}
              documents={documents}
              editing={editing && index === lastUser}
              canEdit={index === lastUser && !busy}
              onEditing={setEditing}
              onEdit={onEdit}
            />
          ) : (
            <AssistantMessage
              key={message.id}
              message={message}
              demoMode={demoMode}
              preload={index === firstAnswer}
              documents={threadDocuments}
              temporary={temporary}
              proposal={proposalFor(messages, index, temporary)}
              canRegenerate={index === lastAssistant && !busy}
              onRegenerate={onRegenerate}
              onFeedback={onFeedback}
            />
          ),
        )}
        <div ref={end} />
      </ol>
      <AnswerAnnouncer messages={messages} />
      {threadDocuments.length > 0 && <DocumentPanelHost />}
    </>
  );
});
