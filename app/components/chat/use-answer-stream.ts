// Reading an answer's Server-Sent Events into chat actions (chat-state.ts): from the POST that started it, or by
// joining it again (reload, network drop), since the server keeps generating either way.
import { startTransition, useCallback, useEffect, useMemo, useRef, type Dispatch } from "react";
import { readEvents, type ChatStreamEvent } from "~/lib/chat-events";
import type { ChatAction } from "./chat-state";
import { followMemoryNote } from "./memory-note";

const JOIN_RETRIES = 5;
/** How often streamed text is painted: fast enough to read as live, slow enough that rendering never piles up. */
const STREAM_PAINT_MS = 50;

/**
 * `onSettled` runs when an answer has been read to its end (credits and the thread list may have changed). The
 * returned functions keep their identity across renders.
 */
export function useAnswerStream(dispatch: Dispatch<ChatAction>, onSettled: () => void) {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  /** The reading in progress (the POST or a join); aborted when another starts its turn or the screen goes away. */
  const controller = useRef<AbortController | null>(null);

  /**
   * Streamed text not yet on screen: deltas are applied together, at most every STREAM_PAINT_MS. After a snapshot
   * (`rejoined`), the text replaces what is shown, so a snapshot and the deltas right behind it are one paint.
   */
  const pending = useRef<{ messageId: string; text: string; timer: ReturnType<typeof setTimeout>; rejoined?: { thinking: boolean } } | null>(null);

  const flushPending = useCallback(() => {
    const buffered = pending.current;
    if (!buffered) return;
    clearTimeout(buffered.timer);
    pending.current = null;
    const { messageId, text, rejoined } = buffered;
    // Streamed text is a transition: React renders it in slices and lets a key press in the composer go first,
    // so typing stays responsive while a long answer arrives (decision 0019's INP figure in `npm run bench`).
    startTransition(() =>
      dispatch(rejoined ? { type: "rejoined", messageId, text, thinking: rejoined.thinking && !text } : { type: "delta", messageId, text }),
    );
  }, [dispatch]);

  const apply = useCallback(
    (messageId: string, event: ChatStreamEvent) => {
      if (event.type === "delta") {
        // Chunks arrive every few milliseconds; rendering each one alone made a long answer a stream of long tasks.
        if (pending.current && pending.current.messageId !== messageId) flushPending();
        if (pending.current) pending.current.text += event.text;
        else pending.current = { messageId, text: event.text, timer: setTimeout(flushPending, STREAM_PAINT_MS) };
        return;
      }
      // Anything else comes after the buffered text; snapshot and done carry the whole text, so it is simply replaced.
      if (event.type === "snapshot" || event.type === "done") {
        clearTimeout(pending.current?.timer);
        pending.current = null;
      } else flushPending();
      if (event.type === "snapshot") {
        pending.current = { messageId, text: event.text, rejoined: { thinking: event.thinking }, timer: setTimeout(flushPending, STREAM_PAINT_MS) };
        return;
      }
      // The end of the answer is urgent; React applies queued updates in order, so the final text always wins.
      if (event.type === "thinking") dispatch({ type: "reasoning", messageId });
      else {
        dispatch({ type: "done", messageId, status: event.status, errorCode: event.errorCode, text: event.text, memory: event.memory });
        // The turn's memory job is still running: its "Memory updated" note comes a moment later.
        if (event.memory?.pending) followMemoryNote(messageId, (note) => dispatch({ type: "memory", messageId, note }));
      }
    },
    [dispatch, flushPending],
  );

  /** A new reading: the one before it is no longer wanted. */
  const begin = useCallback(() => {
    const abort = new AbortController();
    controller.current = abort;
    return abort;
  }, []);

  /** The answer was read to its end: the chat is idle again. */
  const settle = useCallback(() => {
    controller.current = null;
    dispatch({ type: "stopped" });
    settled.current();
  }, [dispatch]);

  /** Reads a stream; resolves true when it carried the answer's end. */
  const read = useCallback((messageId: string, body: ReadableStream<Uint8Array>) => readEvents(body, (event) => apply(messageId, event)), [apply]);

  /**
   * The reading in progress is handed to another screen (answer-hand-over.ts): leaving this one must not abort it.
   */
  const release = useCallback(() => {
    controller.current = null;
  }, []);

  /** Joins an answer that is (or was) being generated; retries when the connection drops. */
  const join = useCallback(
    async (messageId: string) => {
      const abort = begin();
      dispatch({ type: "reading", messageId });
      for (let attempt = 0; attempt < JOIN_RETRIES && !abort.signal.aborted; attempt++) {
        try {
          const response = await fetch(`/api/chat/${messageId}/stream`, { signal: abort.signal });
          if (!response.ok || !response.body) break;
          if (await read(messageId, response.body)) break;
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
      if (!abort.signal.aborted) settle();
    },
    [begin, dispatch, read, settle],
  );

  /** Reads an answer whose stream another screen handed over, joining it again only if that stream is cut. */
  const adopt = useCallback(
    async (messageId: string, body: ReadableStream<Uint8Array>, abort: AbortController) => {
      controller.current = abort;
      dispatch({ type: "reading", messageId });
      try {
        if (await read(messageId, body)) {
          if (!abort.signal.aborted) settle();
          return;
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      if (!abort.signal.aborted) void join(messageId);
    },
    [dispatch, join, read, settle],
  );

  useEffect(
    () => () => {
      clearTimeout(pending.current?.timer);
      controller.current?.abort();
    },
    [],
  );

  return useMemo(() => ({ begin, read, join, settle, release, adopt }), [begin, read, join, settle, release, adopt]);
}
