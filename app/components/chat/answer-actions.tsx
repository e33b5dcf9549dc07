// What a finished answer offers under its text: copy, read aloud, rate, and regenerate (or retry) on the last one.
import { RefreshCw, RotateCcw, ThumbsDown, ThumbsUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { isPlaceholder, type ChatMessage } from "./chat-state";
import { CopyButton } from "./copy-button";
import { ReadAloudButton } from "./read-aloud-button";

type Feedback = "like" | "dislike";

/** "Good answer" or "Bad answer": pressed when it is the answer's rating; pressing it again takes the rating back. */
function RateButton({ message, rating, onFeedback }: { message: ChatMessage; rating: Feedback; onFeedback: AnswerActionsProps["onFeedback"] }) {
  const { t } = useTranslation("chat");
  const pressed = message.feedback === rating;
  const Icon = rating === "like" ? ThumbsUp : ThumbsDown;
  return (
    <Button
      type="button"
      aria-pressed={pressed}
      onClick={() => onFeedback(message.id, pressed ? "none" : rating)}
      variant="ghost"
      size="icon"
      className={pressed ? "text-primary" : "text-muted-foreground"}
      aria-label={t(`actions.${rating}`)}
    >
      <Icon className="size-3.5" aria-hidden />
    </Button>
  );
}

interface AnswerActionsProps {
  message: ChatMessage;
  /** A temporary chat's answers are not saved: nothing to rate or read back from the server. */
  temporary: boolean;
  /** Regenerate (or retry a failed answer) is offered: the last answer, while nothing is being written. */
  canRegenerate: boolean;
  onRegenerate: () => void;
  onFeedback: (messageId: string, feedback: Feedback | "none") => void;
}

export function AnswerActions({ message, temporary, canRegenerate, onRegenerate, onFeedback }: AnswerActionsProps) {
  const { t } = useTranslation("chat");
  const failed = message.status === "failed";
  return (
    <div className="flex flex-wrap items-center gap-1">
      {message.content && <CopyButton text={message.content} label={t("actions.copy")} />}
      {message.content && !isPlaceholder(message.id) && !temporary && <ReadAloudButton messageId={message.id} text={message.content} />}
      {message.content && !temporary && (
        <>
          <RateButton message={message} rating="like" onFeedback={onFeedback} />
          <RateButton message={message} rating="dislike" onFeedback={onFeedback} />
        </>
      )}
      {canRegenerate && (
        <Button type="button" onClick={onRegenerate} variant="ghost" size="xs" className="text-muted-foreground hover:text-foreground">
          {failed ? <RotateCcw className="size-3.5" aria-hidden /> : <RefreshCw className="size-3.5" aria-hidden />}
          {failed ? t("actions.retry") : t("actions.regenerate")}
        </Button>
      )}
    </div>
  );
}
