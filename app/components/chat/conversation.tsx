import { loadedOnce } from "../ui/loaded-once";
import type * as ConversationParts from "./conversation-parts";

// The message list and the thread header load only when the chat has a conversation (decision 0019): an empty chat's
// first visit does not pay for them. As with the markdown renderer (markdown.tsx), not React.lazy (ui/loaded-once.ts):
// a page that shows a conversation loads them before it renders, on the server (entry.server) and before hydrating
// (entry.client, told by the marker), and an empty chat starts loading them as soon as something is typed, ahead of
// the first send.
type Parts = typeof ConversationParts;

const conversationParts = loadedOnce<Parts>(() => import("./conversation-parts"));

/** Marks a server-rendered conversation, so the client loads its code before it hydrates. */
export const CONVERSATION_MARKER = "data-conversation";

export const loadConversation = conversationParts.load;

/** The conversation's components once loaded, or null while they load (loaded when `wanted`). */
export function useConversation(wanted: boolean): Parts | null {
  return conversationParts.useLoaded(wanted);
}
