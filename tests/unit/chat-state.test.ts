// The chat screen's list as a function of a turn's events (app/components/chat/chat-state.ts): what a person sees
// after sending, while the answer streams, when it ends, and when the turn is refused or the page rejoins it.
import { describe, expect, it } from "vitest";
import { chatReducer, initialChatState, type ChatAction, type ChatMessage, type ChatState } from "../../app/components/chat/chat-state";

function message(id: string, role: ChatMessage["role"], content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, role, content, model: null, status: "complete", errorCode: null, feedback: null, attachmentId: null, voiceNote: false, createdAt: 1, ...extra };
}

const conversation = [
  message("q1", "user", "Hello"),
  message("a1", "assistant", "Hi!"),
  message("q2", "user", "Tell me a joke"),
  message("a2", "assistant", "No."),
];
const run = (actions: ChatAction[], state: ChatState = initialChatState(conversation)) => actions.reduce(chatReducer, state);
const shown = (state: ChatState) => state.messages.map((m) => `${m.role}:${m.content}:${m.status}`);
const sent = (mode: "send" | "regenerate" | "edit", text?: string, attachmentId?: string): ChatAction => ({
  type: "sent",
  requestId: "r1",
  mode,
  message: text,
  attachmentId,
  model: "gpt-4o-mini",
  now: 1000,
});

describe("chat state", () => {
  it("starts idle with the thread's messages", () => {
    expect(initialChatState(conversation)).toEqual({ messages: conversation, activeId: null });
  });

  it("shows a sent question with its image and an empty answer under it, and is busy until the answer is read", () => {
    const state = run([sent("send", "Why is the sky blue?", "img-1")]);
    expect(shown(state).slice(4)).toEqual(["user:Why is the sky blue?:complete", "assistant::streaming"]);
    expect(state.messages[4]).toMatchObject({ id: "user-r1", attachmentId: "img-1", createdAt: 1000 });
    expect(state.messages[5]).toMatchObject({ id: "pending-r1", model: "gpt-4o-mini", createdAt: 1001 });
    expect(state.activeId).toBe("pending-r1");
  });

  it("regenerates by dropping the last answer, and an edit replaces the last question's text", () => {
    expect(shown(run([sent("regenerate")]))).toEqual(["user:Hello:complete", "assistant:Hi!:complete", "user:Tell me a joke:complete", "assistant::streaming"]);
    expect(shown(run([sent("edit", "Tell me a poem")]))).toEqual([
      "user:Hello:complete",
      "assistant:Hi!:complete",
      "user:Tell me a poem:complete",
      "assistant::streaming",
    ]);
  });

  it("names the answer once the server accepts the turn, then streams, reasons and ends with the saved text", () => {
    const state = run([
      sent("send", "Joke?"),
      { type: "accepted", requestId: "r1", messageId: "m9" },
      { type: "reasoning", messageId: "m9" },
      { type: "delta", messageId: "m9", text: "Why did " },
      { type: "delta", messageId: "m9", text: "the chicken" },
    ]);
    expect(state.activeId).toBe("m9");
    expect(state.messages.at(-1)).toMatchObject({ id: "m9", content: "Why did the chicken", status: "streaming", thinking: false });
    const done = run(
      [{ type: "done", messageId: "m9", status: "complete", errorCode: null, text: "Why did the chicken cross the road?" }, { type: "stopped" }],
      state,
    );
    expect(done.messages.at(-1)).toMatchObject({ content: "Why did the chicken cross the road?", status: "complete", thinking: false });
    expect(done.activeId).toBeNull();
  });

  it("shows a reasoning model as thinking until its first text", () => {
    const state = run([sent("send", "Prove it"), { type: "accepted", requestId: "r1", messageId: "m9" }, { type: "reasoning", messageId: "m9" }]);
    expect(state.messages.at(-1)?.thinking).toBe(true);
  });

  it("keeps the partial text and the reason when the person stops the answer or it fails", () => {
    const streaming = run([
      sent("send", "Long story"),
      { type: "accepted", requestId: "r1", messageId: "m9" },
      { type: "delta", messageId: "m9", text: "Once" },
    ]);
    const stopped = run([{ type: "done", messageId: "m9", status: "stopped", errorCode: null, text: "Once upon" }], streaming);
    expect(stopped.messages.at(-1)).toMatchObject({ content: "Once upon", status: "stopped" });
    const failed = run([{ type: "done", messageId: "m9", status: "failed", errorCode: "ai/provider-failed", text: "Once" }], streaming);
    expect(failed.messages.at(-1)).toMatchObject({ status: "failed", errorCode: "ai/provider-failed" });
  });

  it("takes a refused new question off the list (the screen puts it back in the box) and is idle again", () => {
    const state = run([sent("send", "Joke?"), { type: "failed", requestId: "r1", mode: "send" }]);
    expect(state).toEqual({ messages: conversation, activeId: null });
  });

  it("takes only the empty answer away when a regenerate is refused", () => {
    const state = run([sent("regenerate"), { type: "failed", requestId: "r1", mode: "regenerate" }]);
    expect(shown(state)).toEqual(["user:Hello:complete", "assistant:Hi!:complete", "user:Tell me a joke:complete"]);
    expect(state.activeId).toBeNull();
  });

  it("rejoins a running answer with what it has so far, replacing what was shown", () => {
    const opened = initialChatState([...conversation, message("m9", "assistant", "Once", { status: "streaming" })]);
    const state = run(
      [
        { type: "reading", messageId: "m9" },
        { type: "rejoined", messageId: "m9", text: "Once upon a time", thinking: false },
        { type: "delta", messageId: "m9", text: " there" },
      ],
      opened,
    );
    expect(state.activeId).toBe("m9");
    expect(state.messages.at(-1)).toMatchObject({ content: "Once upon a time there", status: "streaming" });
  });

  it("rates an answer and puts the rating back", () => {
    const liked = run([{ type: "rated", messageId: "a2", feedback: "like" }]);
    expect(liked.messages[3]?.feedback).toBe("like");
    expect(run([{ type: "rated", messageId: "a2", feedback: null }], liked).messages[3]?.feedback).toBeNull();
  });

  it("leaves other messages untouched and an idle chat the same object when nothing changes", () => {
    const idle = initialChatState(conversation);
    expect(chatReducer(idle, { type: "stopped" })).toBe(idle);
    const state = run([{ type: "delta", messageId: "elsewhere", text: "x" }]);
    expect(state.messages).toEqual(conversation);
  });
});
