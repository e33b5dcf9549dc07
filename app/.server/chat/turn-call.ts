// The model call of one turn as the account's object makes it: each event handed on as it comes, and how the call
// ended as its result (it never throws). A resumed answer's call asks the model to continue the text it already has.
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
}

export async function callModel(
  messageId: string,
  call: CallInputs & { target: ChatTarget },
  signal: AbortSignal,
  continueFrom: string | undefined,
  listener: CallListener,
): Promise<UpstreamOutcome> {
  const { target, turns, model: _model, ...options } = call;
  try {
    for await (const event of streamChat(target, turns, { ...options, signal, continueFrom, onDispatch: listener.onDispatch })) {
      if (event.type === "thinking") listener.onThinking();
      else listener.onDelta(event.delta);
    }
    // An aborted stream may simply end instead of throwing (the SDK stops reading): still a stop, never complete.
    return signal.aborted ? { status: "stopped", errorCode: null } : { status: "complete", errorCode: null };
  } catch (error) {
    if (signal.aborted) return { status: "stopped", errorCode: null };
    console.error("chat turn: the model call failed", messageId, error);
    return { status: "failed", errorCode: classifyFailure(error) };
  } finally {
    listener.onDispatch();
  }
}
