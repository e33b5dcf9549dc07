// An answer in the conversation: the model's name, the text as it streams (dots while the model thinks), a failure or
// "Stopped", its actions once it is finished, a schedule its question asked for, and what memory did for it.
import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/lib/documents";
import type { ScheduleProposal } from "~/lib/schedule-proposal";
import { ScheduleProposalCard } from "../schedules/schedule-proposal-card";
import { AnswerActions } from "./answer-actions";
import type { ChatMessage } from "./chat-state";
import { Markdown, MarkdownPreload } from "./markdown";
import { MemoryNoteView } from "./memory-note";

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

/**
 * One answer. `preload` names the markdown renderer's files (once per list, in the first answer shown as markdown:
 * a <link> may not sit in the <ol>); `documents` are what its citations open.
 */
export function AssistantMessage({
  message,
  demoMode,
  preload,
  documents,
  temporary,
  proposal,
  canRegenerate,
  onRegenerate,
  onFeedback,
}: {
  message: ChatMessage;
  demoMode: boolean;
  preload: boolean;
  documents: DocumentView[];
  temporary: boolean;
  /** A schedule the question asked for, proposed under the answer (decision 0045). */
  proposal?: ScheduleProposal | null;
  canRegenerate: boolean;
  onRegenerate: () => void;
  onFeedback: (messageId: string, feedback: "like" | "dislike" | "none") => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <li className="flex flex-col gap-2" aria-busy={message.status === "streaming"}>
      <span className="text-xs font-medium text-muted-foreground">{demoMode ? t("demoModel") : message.model}</span>
      {message.thinking && !message.content ? (
        <ThinkingDots />
      ) : message.content ? (
        <>
          <Markdown text={message.content} documents={documents} />
          {preload && <MarkdownPreload />}
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
        <AnswerActions message={message} temporary={temporary} canRegenerate={canRegenerate} onRegenerate={onRegenerate} onFeedback={onFeedback} />
      )}
      {proposal && <ScheduleProposalCard proposal={proposal} />}
      <MemoryNoteView note={message.memory} messageId={message.id} />
    </li>
  );
}
