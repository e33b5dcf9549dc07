// The model call of one turn as the account's object makes it: each event handed on as it comes, and how the call
// ended as its result (it never throws). A resumed answer's call asks the model to continue the text it already has.
// A provider silent for `stallAfterMs` (nothing after its headers, or a stream gone quiet) is given up on: the call
// ends failed with "chat/interrupted", charged like any interrupted answer (docs/decisions/0022).
import type { ChatTarget } from "../../ai/providers";
import { classifyFailure, streamChat } from "../../ai/stream";
import type { UpstreamOutcome } from "./table";
import type { TurnStart } from "./types";

/** What the call needs besides its target, kept so an answer can be resumed (the target's key stays in env). */
export type CallInputs = Pick<TurnStart, "turns" | "reasoning" | "demoReply" | "kind" | "instructions" | "sourcesLabel"> & { model: string };

export interface CallListener {
  /** The request is on its way (or the call ended before reaching the network). */
  onDispatch(): void;
  onThinking(): void;
  onDelta(text: string): void;
  /** How long the provider may send nothing before the call is given up on (table.ts STALL_AFTER_MS). */
  stallAfterMs: number;
}

export async function callModel(
  messageId: string,
  call: CallInputs & { target: ChatTarget },
  abort: AbortController,
  continueFrom: string | undefined,
  listener: CallListener,
): Promise<UpstreamOutcome> {
  const { target, turns, model: _model, ...options } = call;
  const { signal } = abort;
  // Armed once the request is on its way, so nothing is added ahead of it (decision 0009).
  const watchdog = stallWatchdog(abort, listener.stallAfterMs);
  const onDispatch = () => {
    watchdog.arm();
    listener.onDispatch();
  };
  try {
    for await (const event of streamChat(target, turns, { ...options, signal, continueFrom, onDispatch })) {
      watchdog.heard();
      if (event.type === "thinking") listener.onThinking();
      else listener.onDelta(event.delta);
    }
    return ended(signal, { status: "complete", errorCode: null });
  } catch (error) {
    if (signal.aborted) return ended(signal, { status: "stopped", errorCode: null });
    console.error("chat turn: the model call failed", messageId, error);
    return { status: "failed", errorCode: classifyFailure(error) };
  } finally {
    watchdog.done();
    listener.onDispatch();
  }
}

/** Why the watchdog aborted a call: a stall, not a Stop. */
const STALLED = new Error("the provider sent nothing for too long");

/** An aborted stream may simply end instead of throwing (the SDK stops reading): a stop or a stall, never complete. */
function ended(signal: AbortSignal, otherwise: UpstreamOutcome): UpstreamOutcome {
  if (!signal.aborted) return otherwise;
  return signal.reason === STALLED ? { status: "failed", errorCode: "chat/interrupted" } : { status: "stopped", errorCode: null };
}

/**
 * Aborts the call (reason STALLED) once nothing was heard for `afterMs` since it was armed or last heard from. One
 * timer per call, re-armed only when it fires (each event just notes the time), so a delta costs no timer.
 */
function stallWatchdog(abort: AbortController, afterMs: number) {
  let lastHeard = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let over = false;
  const check = () => {
    const quiet = Date.now() - lastHeard;
    if (quiet < afterMs) timer = setTimeout(check, afterMs - quiet);
    else abort.abort(STALLED);
  };
  return {
    arm: () => {
      if (timer !== undefined || over) return;
      lastHeard = Date.now();
      timer = setTimeout(check, afterMs);
    },
    heard: () => void (lastHeard = Date.now()),
    done: () => {
      over = true;
      clearTimeout(timer);
    },
  };
}
