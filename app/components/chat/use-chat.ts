// The browser side of a conversation. Every answer is read as Server-Sent Events, either from the POST that
// started it or by joining it later (reload, network drop): the server keeps generating either way.
import { useNavigate } from "@remix-run/react";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, NETWORK_FAILED } from "~/lib/api-client";
import { readEvents, type ChatStreamEvent } from "~/lib/chat-events";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import type { MessageView } from "~/.server/chat/threads";
import { openUpgradeDialog } from "~/lib/ui-store";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { refreshCredits } from "./use-credits";

export type ChatMessage = MessageView & { thinking?: boolean };

const JOIN_RETRIES = 5;
/** How often streamed text is painted: fast enough to read as live, slow enough that rendering never piles up. */
const STREAM_PAINT_MS = 50;

/** A tool's thread (horoscope type, search category): its turns name the tool, and new threads open under its path. */
export interface ChatTool {
  tool: "horoscope" | "web-search";
  /** Unset for a new web search, whose category comes with its form. */
  toolPath?: string;
  threadPath: (threadId: string) => string;
}

export function useChat(options: { threadId: string | null; initialMessages: ChatMessage[]; model: string; tool?: ChatTool }) {
  const { threadId, initialMessages, model, tool } = options;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const revalidate = useSafeRevalidate();
  const [messages, setMessages] = useState<ChatMessage[]>(initialMessages);
  const [activeId, setActiveId] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const patch = useCallback((id: string, change: (message: ChatMessage) => ChatMessage) => {
    setMessages((current) => current.map((message) => (message.id === id ? change(message) : message)));
  }, []);

  /** Streamed text not yet on screen: deltas are applied together, at most every STREAM_PAINT_MS. */
  const pending = useRef<{ id: string; text: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  const flushPending = useCallback(() => {
    const buffered = pending.current;
    if (!buffered) return;
    clearTimeout(buffered.timer);
    pending.current = null;
    // Streamed text is a transition: React renders it in slices and lets a key press in the composer go first,
    // so typing stays responsive while a long answer arrives (issue 18's INP figure in `npm run bench`).
    startTransition(() => patch(buffered.id, (message) => ({ ...message, content: message.content + buffered.text, thinking: false })));
  }, [patch]);

  useEffect(() => () => clearTimeout(pending.current?.timer), []);

  const apply = useCallback(
    (id: string, event: ChatStreamEvent) => {
      if (event.type === "delta") {
        // Chunks arrive every few milliseconds; rendering each one alone made a long answer a stream of long tasks.
        if (pending.current && pending.current.id !== id) flushPending();
        if (pending.current) pending.current.text += event.text;
        else pending.current = { id, text: event.text, timer: setTimeout(flushPending, STREAM_PAINT_MS) };
        return;
      }
      // Anything else comes after the buffered text; snapshot and done carry the whole text, so it is simply replaced.
      if (event.type === "snapshot" || event.type === "done") {
        clearTimeout(pending.current?.timer);
        pending.current = null;
      } else flushPending();
      const update = () =>
        patch(id, (message) => {
          switch (event.type) {
            case "snapshot":
              return { ...message, content: event.text, thinking: event.thinking };
            case "thinking":
              return { ...message, thinking: true };
            case "done":
              return { ...message, content: event.text, status: event.status, errorCode: event.errorCode, thinking: false };
          }
        });
      // The end of the answer is urgent; React applies queued updates in order, so the final text always wins.
      if (event.type === "snapshot") startTransition(update);
      else update();
    },
    [patch, flushPending],
  );

  const settle = useCallback(() => {
    setActiveId(null);
    controller.current = null;
    refreshCredits();
    revalidate();
  }, [revalidate]);

  /** Joins an answer that is (or was) being generated; retries when the connection drops. */
  const join = useCallback(
    async (messageId: string) => {
      const abort = new AbortController();
      controller.current = abort;
      setActiveId(messageId);
      for (let attempt = 0; attempt < JOIN_RETRIES && !abort.signal.aborted; attempt++) {
        try {
          const response = await fetch(`/api/chat/${messageId}/stream`, { signal: abort.signal });
          if (!response.ok || !response.body) break;
          if (await readEvents(response.body, (event) => apply(messageId, event))) break;
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
      if (!abort.signal.aborted) settle();
    },
    [apply, settle],
  );

  const start = useCallback(
    async (body: { mode: "send" | "regenerate" | "edit"; message?: string; attachmentId?: string; input?: Record<string, string> }) => {
      const requestId = crypto.randomUUID();
      const placeholderId = `pending-${requestId}`;
      const now = Date.now();
      setMessages((current) => {
        let next = current;
        if (body.mode !== "send") {
          const lastQuestion = current.map((message) => message.role).lastIndexOf("user");
          next = current
            .slice(0, lastQuestion + 1)
            .map((message, index) => (index === lastQuestion && body.message ? { ...message, content: body.message } : message));
        } else {
          next = [
            ...current,
            {
              id: `user-${requestId}`,
              role: "user",
              content: body.message ?? "",
              model: null,
              status: "complete",
              errorCode: null,
              feedback: null,
              attachmentId: body.attachmentId ?? null,
              voiceNote: false,
              createdAt: now,
            },
          ];
        }
        return [
          ...next,
          {
            id: placeholderId,
            role: "assistant",
            content: "",
            model,
            status: "streaming",
            errorCode: null,
            feedback: null,
            attachmentId: null,
            voiceNote: false,
            createdAt: now + 1,
          },
        ];
      });
      setActiveId(placeholderId);
      const abort = new AbortController();
      controller.current = abort;
      /** Nothing was saved: the question leaves the list too (the screen puts it back in the box) and the toast says why. */
      const refused = (code: string, retryAfter?: string | null) => {
        setMessages((current) => current.filter((message) => message.id !== placeholderId && (body.mode !== "send" || message.id !== `user-${requestId}`)));
        if (code === "credits/exhausted") openUpgradeDialog("credits");
        if (code === "plan/pro-required") openUpgradeDialog("model");
        // A refusal for too many turns says how long to wait (Retry-After), like every other refusal.
        notify("error", errorText(code, retryAfter));
        setActiveId(null);
        refreshCredits();
        return { ok: false as const, code };
      };
      let response: Response;
      try {
        response = await fetch("/api/chat", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ requestId, threadId: threadId ?? undefined, model, ...body, ...(tool ? { tool: tool.tool, toolPath: tool.toolPath } : {}) }),
          signal: abort.signal,
        });
      } catch {
        if (abort.signal.aborted) return { ok: true as const };
        // The question never reached the server (offline, connection refused): it says so (docs/product.md §8
        // network-request-failed) and the screen keeps the question to send again.
        return refused(NETWORK_FAILED);
      }
      try {
        if (!response.ok || !response.body) {
          const payload = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
          return refused(payload?.error?.code ?? "app/unknown", response.headers.get("Retry-After"));
        }
        const messageId = response.headers.get("X-Message-Id") ?? placeholderId;
        const newThreadId = response.headers.get("X-Thread-Id");
        patch(placeholderId, (message) => ({ ...message, id: messageId }));
        setActiveId(messageId);
        if (!threadId && newThreadId) {
          // The thread page takes over and joins the running answer; this response is no longer needed.
          abort.abort();
          refreshCredits();
          navigate(tool ? tool.threadPath(newThreadId) : `/web-main/${newThreadId}`, { replace: true });
          return { ok: true as const };
        }
        const finished = await readEvents(response.body, (event) => apply(messageId, event));
        if (finished) settle();
        else void join(messageId);
      } catch {
        if (!abort.signal.aborted) {
          notify("error", t("errors:chat/interrupted"));
          setActiveId(null);
        }
      }
      return { ok: true as const };
    },
    [apply, errorText, join, model, navigate, patch, settle, t, threadId, tool],
  );

  const stop = useCallback(async () => {
    if (!activeId || activeId.startsWith("pending-")) return;
    await fetch(`/api/chat/${activeId}/stop`, { method: "POST" }).catch(() => undefined);
  }, [activeId]);

  // Read by `rate` without making it a new function on every streamed paint (the message list is memoised).
  const latestMessages = useRef(messages);
  latestMessages.current = messages;
  /** Like / dislike / neither on an answer: shown at once, put back as it was if the server refuses. */
  const rate = useCallback(
    async (messageId: string, feedback: "like" | "dislike" | "none") => {
      const before = latestMessages.current.find((message) => message.id === messageId)?.feedback ?? null;
      patch(messageId, (message) => ({ ...message, feedback: feedback === "none" ? null : feedback }));
      const body = new FormData();
      body.set("feedback", feedback);
      const answer = await callApi(`/api/chat/${encodeURIComponent(messageId)}/feedback`, { method: "POST", body });
      if (answer.ok) return;
      patch(messageId, (message) => ({ ...message, feedback: before }));
      notify("error", answer.error.message || errorText(answer.error.code));
    },
    [patch, errorText],
  );

  // Opening a thread whose last answer is still being generated joins it. Once per mounted thread (the screen is
  // keyed by thread id): later loader revalidations must not restart a live stream.
  const opened = useRef(initialMessages);
  useEffect(() => {
    const last = opened.current[opened.current.length - 1];
    if (last?.role === "assistant" && last.status === "streaming") void join(last.id);
    return () => controller.current?.abort();
  }, [join]);

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
    setMessages,
    listActions,
    busy: activeId !== null,
    activeId,
    send: (message: string, attachmentId?: string) => start({ mode: "send", message, attachmentId }),
    /** A tool's form: the server builds the question from `input`; `display` stands in for it until then. */
    sendForm: (input: Record<string, string>, display: string) => start({ mode: "send", message: display, input }),
    stop,
  };
}
