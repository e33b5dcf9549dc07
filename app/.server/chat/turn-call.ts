// The model call of one turn as the account's object makes it: each event handed on as it comes, and how the call
// ended as its result (it never throws). A resumed answer's call asks the model to continue the text it already has.
// A provider silent for `stallAfterMs` (nothing after its headers, or a stream gone quiet) is given up on: the call
// ends failed with "chat/interrupted", charged like any interrupted answer (docs/decisions/0022).
import type { ChatTarget } from "../ai/providers";
import { classifyFailure, streamChat } from "../ai/stream";
import type { UpstreamOutcome } from "./turn-table";
import type { TurnStart } from "./turn-types";

/** What the call needs besides its target, kept so an answer can be resumed (the target's key stays in env). */
export type CallInputs = Pick<TurnStart, "turns" | "reasoning" | "demoReply" | "kind" | "instructions" | "sourcesLabel"> & { model: string };

export interface CallListener {
  /** The request is on its way (or the call ended before reaching the network). */
  onDispatch(): void;
  onThinking(): void;
  onDelta(text: string): void;
  /** How long the provider may send nothing before the call is given up on (turn-table.ts STALL_AFTER_MS). */
  stallAfterMs: number;
}

export async function callModel(
  messageId: string,
  call: CallInputs & { target: ChatTarget },
  signal: AbortSignal,
  continueFrom: string | undefined,
  listener: CallListener,
): Promise<UpstreamOutcome> {
  const { target, turns, model: _model, ...options } = call;
  const watchdog = stallWatchdog(signal, listener.stallAfterMs);
  try {
    for await (const event of streamChat(target, turns, { ...options, signal: watchdog.signal, continueFrom, onDispatch: listener.onDispatch })) {
      watchdog.heard();
      if (event.type === "thinking") listener.onThinking();
      else listener.onDelta(event.delta);
    }
    return ended(watchdog, { status: "complete", errorCode: null });
  } catch (error) {
    if (watchdog.signal.aborted) return ended(watchdog, { status: "stopped", errorCode: null });
    console.error("chat turn: the model call failed", messageId, error);
    return { status: "failed", errorCode: classifyFailure(error) };
  } finally {
    watchdog.done();
    listener.onDispatch();
  }
}

/** An aborted stream may simply end instead of throwing (the SDK stops reading): a stop or a stall, never complete. */
function ended(watchdog: ReturnType<typeof stallWatchdog>, otherwise: UpstreamOutcome): UpstreamOutcome {
  if (watchdog.stalled) return { status: "failed", errorCode: "chat/interrupted" };
  return watchdog.signal.aborted ? { status: "stopped", errorCode: null } : otherwise;
}

/**
 * The call's own signal: aborted by the turn's (a Stop), or once nothing was heard for `afterMs`. One timer per
 * call, re-armed only when it fires (each event just notes the time), so a delta costs no timer.
 */
function stallWatchdog(outer: AbortSignal, afterMs: number) {
  const inner = new AbortController();
  const state = { stalled: false, lastHeard: Date.now() };
  const abort = () => inner.abort(outer.reason);
  if (outer.aborted) abort();
  else outer.addEventListener("abort", abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const quiet = Date.now() - state.lastHeard;
    if (quiet < afterMs) {
      timer = setTimeout(check, afterMs - quiet);
      return;
    }
    state.stalled = true;
    inner.abort(new Error(`the provider sent nothing for ${afterMs} ms`));
  };
  timer = setTimeout(check, afterMs);
  return {
    signal: inner.signal,
    get stalled() {
      return state.stalled;
    },
    heard: () => void (state.lastHeard = Date.now()),
    done: () => {
      clearTimeout(timer);
      outer.removeEventListener("abort", abort);
    },
  };
}
