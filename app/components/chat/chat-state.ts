// What the chat screen shows, as a pure function of what happened: every event of a turn is an action, so the rules
// (which question a regenerate keeps, what a refusal takes back, which text wins) are tested without a browser
// (tests/unit/chat-state.test.ts). use-chat.ts sends the turn and use-answer-stream.ts reads it; both only dispatch.
import type { MessageView } from "~/.server/chat/threads";
import type { AnswerStatus } from "~/lib/chat-events";
import type { MemoryNote } from "~/lib/memory";

/** `memory`: what memory did for an answer (decision 0027), shown under it. */
export type ChatMessage = MessageView & { thinking?: boolean; memory?: MemoryNote };

export type TurnMode = "send" | "regenerate" | "edit";

export interface ChatState {
  messages: ChatMessage[];
  /** The answer being generated or read (a `pending-` id until the server names it); null when the chat is idle. */
  activeId: string | null;
}

export type ChatAction =
  /** A turn was sent: its question is shown (or the last one kept, edited) with an empty answer waiting under it. */
  | { type: "sent"; requestId: string; mode: TurnMode; message?: string; attachmentId?: string; model: string; now: number }
  /** The server accepted the turn and named its answer (and thread). */
  | { type: "accepted"; requestId: string; messageId: string }
  /** An answer is read again from its start (a reload, a dropped connection): what it has so far. */
  | { type: "rejoined"; messageId: string; text: string; thinking: boolean }
  /** Reading an answer that was already on the list. */
  | { type: "reading"; messageId: string }
  | { type: "delta"; messageId: string; text: string }
  /** The model started reasoning (its text is never shown). */
  | { type: "reasoning"; messageId: string }
  /** The answer is saved: its final text and status (complete, failed, or stopped by the person). */
  | { type: "done"; messageId: string; status: AnswerStatus; errorCode: string | null; text: string; memory?: MemoryNote }
  /** What memory did for an answer, once its extraction job has ended. */
  | { type: "memory"; messageId: string; note: MemoryNote }
  /** A temporary chat was left or started (decision 0027): the screen starts empty. */
  | { type: "reset" }
  /** Nothing was saved (refused, or never reached the server): the turn leaves the list; the screen puts the question back. */
  | { type: "failed"; requestId: string; mode: TurnMode }
  /** This page stopped reading (the answer ended, or the connection was lost for good): the chat is idle again. */
  | { type: "stopped" }
  /** Like / dislike / neither, or put back as it was. */
  | { type: "rated"; messageId: string; feedback: "like" | "dislike" | null };

export const placeholderId = (requestId: string) => `pending-${requestId}`;
/** An answer the server has not named yet: there is nothing to stop or rate. */
export const isPlaceholder = (messageId: string) => messageId.startsWith("pending-");
const questionId = (requestId: string) => `user-${requestId}`;

export function initialChatState(messages: ChatMessage[]): ChatState {
  return { messages, activeId: null };
}

function patch(state: ChatState, id: string, change: (message: ChatMessage) => ChatMessage): ChatState {
  return { ...state, messages: state.messages.map((message) => (message.id === id ? change(message) : message)) };
}

/** The messages once a turn is sent: a new question at the end, or (regenerate, edit) everything up to the last one. */
function withQuestion(messages: ChatMessage[], action: Extract<ChatAction, { type: "sent" }>): ChatMessage[] {
  if (action.mode === "send") {
    const question: ChatMessage = {
      id: questionId(action.requestId),
      role: "user",
      content: action.message ?? "",
      model: null,
      status: "complete",
      errorCode: null,
      feedback: null,
      attachmentId: action.attachmentId ?? null,
      voiceNote: false,
      createdAt: action.now,
    };
    return [...messages, question];
  }
  const lastQuestion = messages.map((message) => message.role).lastIndexOf("user");
  return messages
    .slice(0, lastQuestion + 1)
    .map((message, index) => (index === lastQuestion && action.message ? { ...message, content: action.message } : message));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "sent": {
      const answer: ChatMessage = {
        id: placeholderId(action.requestId),
        role: "assistant",
        content: "",
        model: action.model,
        status: "streaming",
        errorCode: null,
        feedback: null,
        attachmentId: null,
        voiceNote: false,
        createdAt: action.now + 1,
      };
      return { messages: [...withQuestion(state.messages, action), answer], activeId: answer.id };
    }
    case "accepted":
      return { ...patch(state, placeholderId(action.requestId), (message) => ({ ...message, id: action.messageId })), activeId: action.messageId };
    case "reading":
      return { ...state, activeId: action.messageId };
    case "rejoined":
      return patch(state, action.messageId, (message) => ({ ...message, content: action.text, thinking: action.thinking }));
    case "delta":
      return patch(state, action.messageId, (message) => ({ ...message, content: message.content + action.text, thinking: false }));
    case "reasoning":
      return patch(state, action.messageId, (message) => ({ ...message, thinking: true }));
    case "done":
      return patch(state, action.messageId, (message) => ({
        ...message,
        content: action.text,
        status: action.status,
        errorCode: action.errorCode,
        thinking: false,
        ...(action.memory ? { memory: action.memory } : {}),
      }));
    case "memory":
      return patch(state, action.messageId, (message) => ({ ...message, memory: action.note }));
    case "reset":
      return initialChatState([]);
    case "failed": {
      const removed = new Set([placeholderId(action.requestId), ...(action.mode === "send" ? [questionId(action.requestId)] : [])]);
      return { messages: state.messages.filter((message) => !removed.has(message.id)), activeId: null };
    }
    case "stopped":
      return state.activeId === null ? state : { ...state, activeId: null };
    case "rated":
      return patch(state, action.messageId, (message) => ({ ...message, feedback: action.feedback }));
  }
}
