// The browser side of a conversation: sends a turn, hands its answer to the stream reader (use-answer-stream.ts), and
// keeps what the screen shows in one reducer (chat-state.ts), so every change to the list is a named action.
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useTranslation } from "react-i18next";
import { callApi, openApiStream } from "~/lib/api-client";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { openUpgradeDialog } from "~/lib/ui-store";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { TEMPORARY_HISTORY_MAX, TEMPORARY_MESSAGE_MAX } from "~/lib/constants";
import { handOver, takeHandedOver } from "./answer-hand-over";
import { chatReducer, initialChatState, isPlaceholder, placeholderId, type ChatMessage, type TurnMode } from "./chat-state";
import { useAnswerStream } from "./use-answer-stream";
import { refreshCredits } from "./use-credits";

export type { ChatMessage } from "./chat-state";

/** A tool's thread (horoscope type, search category): its turns name the tool, and new threads open under its path. */
export interface ChatTool {
  tool: "horoscope" | "web-search";
  /** Unset for a new web search, whose category comes with its form. */
  toolPath?: string;
  threadPath: (threadId: string) => string;
}

type TurnResult = { ok: true } | { ok: false; code: string };

/**
 * What a temporary chat sends with each turn (decision 0027): the conversation so far, which is saved nowhere else. The
 * latest messages, each cut to the route's limit, and as many as fit well inside its body cap.
 */
function temporaryHistory(messages: ChatMessage[]) {
  const kept = messages.filter((message) => message.content && !isPlaceholder(message.id)).slice(-TEMPORARY_HISTORY_MAX);
  const history = kept.map(({ role, content }) => ({ role, content: content.slice(0, TEMPORARY_MESSAGE_MAX) }));
  let chars = history.reduce((sum, message) => sum + message.content.length, 0);
  while (chars > TEMPORARY_HISTORY_CHARS && history.length > 0) chars -= history.shift()!.content.length;
  return history;
}
const TEMPORARY_HISTORY_CHARS = 60_000;

export function useChat(options: {
  threadId: string | null;
  initialMessages: ChatMessage[];
  model: string;
  tool?: ChatTool;
  temporary?: boolean;
  /** A new chat started in this project (docs/decisions/0038-projects.md). */
  projectId?: string;
}) {
  const { threadId, initialMessages, model, tool, temporary = false, projectId } = options;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const revalidate = useSafeRevalidate();
  const [{ messages, activeId }, dispatch] = useReducer(chatReducer, initialMessages, initialChatState);
  // Read by `rate` and a temporary chat's turns without making them new functions on every streamed paint (the
  // message list is memoised).
  const latestMessages = useRef(messages);
  latestMessages.current = messages;
  // The history (the sidebar's, refreshed only this way: routes/_main.tsx) and the credits change when an answer ends.
  const answerEnded = useCallback(() => {
    refreshCredits();
    revalidate();
  }, [revalidate]);
  const stream = useAnswerStream(dispatch, answerEnded);

  const start = useCallback(
    async (body: { mode: TurnMode; message?: string; attachmentId?: string; input?: Record<string, string> }): Promise<TurnResult> => {
      const requestId = crypto.randomUUID();
      const history = temporary ? { temporary: true, history: temporaryHistory(latestMessages.current) } : {};
      dispatch({ type: "sent", requestId, mode: body.mode, message: body.message, attachmentId: body.attachmentId, model, now: Date.now() });
      const abort = stream.begin();
      let opened: Awaited<ReturnType<typeof openApiStream>>;
      try {
        opened = await openApiStream("/api/chat", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            requestId,
            threadId: threadId ?? undefined,
            projectId: threadId ? undefined : projectId,
            model,
            ...body,
            ...(tool ? { tool: tool.tool, toolPath: tool.toolPath } : {}),
            ...history,
          }),
          signal: abort.signal,
        });
      } catch {
        return { ok: true }; // Aborted: the screen went away.
      }
      if (!opened.ok) {
        // Nothing was saved: the question leaves the list too (the screen puts it back in the box) and the toast says
        // why, in the server's words (a refusal for too many turns says how long to wait). One that never reached the
        // server (offline) has no message: its code's text says so (docs/product.md §8 network-request-failed).
        const { code, message } = opened.error;
        dispatch({ type: "failed", requestId, mode: body.mode });
        if (code === "credits/exhausted") openUpgradeDialog("credits");
        if (code === "plan/pro-required") openUpgradeDialog("model");
        notify("error", message || errorText(code));
        refreshCredits();
        return { ok: false, code };
      }
      const { response } = opened;
      const messageId = response.headers.get("X-Message-Id") ?? placeholderId(requestId);
      const newThreadId = response.headers.get("X-Thread-Id");
      dispatch({ type: "accepted", requestId, messageId });
      // A temporary chat has no thread page: its answer is read here.
      if (!threadId && newThreadId && !temporary) {
        // The thread page takes over and reads this response's stream (answer-hand-over.ts), not joining it again.
        stream.release();
        if (response.body) handOver({ messageId, body: response.body, abort });
        else abort.abort();
        refreshCredits();
        navigate(tool ? tool.threadPath(newThreadId) : `/web-main/${newThreadId}`, { replace: true });
        return { ok: true };
      }
      try {
        if (await stream.read(messageId, response.body)) stream.settle();
        else void stream.join(messageId);
      } catch {
        if (!abort.signal.aborted) {
          notify("error", t("errors:chat/interrupted"));
          dispatch({ type: "stopped" });
        }
      }
      return { ok: true };
    },
    [errorText, model, navigate, projectId, stream, t, temporary, threadId, tool],
  );

  const stop = useCallback(async () => {
    if (!activeId || isPlaceholder(activeId)) return;
    await fetch(`/api/chat/${activeId}/stop`, { method: "POST" }).catch(() => undefined);
  }, [activeId]);

  /** Like / dislike / neither on an answer: shown at once, put back as it was if the server refuses. */
  const rate = useCallback(
    async (messageId: string, feedback: "like" | "dislike" | "none") => {
      const before = latestMessages.current.find((message) => message.id === messageId)?.feedback ?? null;
      dispatch({ type: "rated", messageId, feedback: feedback === "none" ? null : feedback });
      const body = new FormData();
      body.set("feedback", feedback);
      const answer = await callApi(`/api/chat/${encodeURIComponent(messageId)}/feedback`, { method: "POST", body });
      if (answer.ok) return;
      dispatch({ type: "rated", messageId, feedback: before });
      notify("error", answer.error.message || errorText(answer.error.code));
    },
    [errorText],
  );

  // Opening a thread whose last answer is still being generated reads it: from the stream the screen that asked it
  // handed over (a new thread's first answer), else by joining it. Once per mounted thread (the screen is keyed by
  // thread id): later loader revalidations must not restart a live stream. Leaving stops the reading
  // (use-answer-stream.ts), not the answer.
  const opened = useRef(initialMessages);
  const { join, adopt } = stream;
  useEffect(() => {
    const last = opened.current[opened.current.length - 1];
    const { answer: handed, missed } = takeHandedOver(last?.role === "assistant" && last.status === "streaming" ? last.id : undefined);
    if (handed) void adopt(handed.messageId, handed.body, handed.abort);
    else if (last?.role === "assistant" && last.status === "streaming") void join(last.id);
    // A new thread's first answer ended before its page was read: without this its chat stayed out of the history.
    else if (missed) answerEnded();
  }, [adopt, join, answerEnded]);

  /** What the message list's buttons do, kept stable so the memoised list does not re-render on each key press. */
  const listActions = useMemo(
    () => ({
      onRegenerate: () => void start({ mode: "regenerate" }),
      onEdit: (message: string) => void start({ mode: "edit", message }),
      onFeedback: (messageId: string, feedback: "like" | "dislike" | "none") => void rate(messageId, feedback),
    }),
    [start, rate],
  );

  return {
    messages,
    listActions,
    busy: activeId !== null,
    activeId,
    send: (message: string, attachmentId?: string) => start({ mode: "send", message, attachmentId }),
    /** A tool's form: the server builds the question from `input`; `display` stands in for it until then. */
    sendForm: (input: Record<string, string>, display: string) => start({ mode: "send", message: display, input }),
    stop,
    /** Empties the screen (a temporary chat switched on or off). */
    reset: useCallback(() => dispatch({ type: "reset" }), []),
  };
}
