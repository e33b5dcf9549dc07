import { useEffect, useState } from "react";
import type * as ConversationParts from "./conversation-parts";

// The message list and the thread header load only when the chat has a conversation (decision 0019): an empty chat's
// first visit does not pay for them. As with the markdown renderer (markdown.tsx), not React.lazy: a page that shows
// a conversation loads them before it renders, on the server (entry.server) and before hydrating (entry.client, told
// by the marker), and an empty chat starts loading them as soon as something is typed, ahead of the first send.
type Parts = typeof ConversationParts;

let loadedParts: Parts | null = null;
let loading: Promise<Parts> | null = null;

/** Marks a server-rendered conversation, so the client loads its code before it hydrates. */
export const CONVERSATION_MARKER = "data-conversation";

export function loadConversation(): Promise<Parts> {
  loading ??= import("./conversation-parts").then((parts) => (loadedParts = parts));
  return loading;
}

/**
 * The conversation's components once loaded, or null while they load. Read at every render (not kept in state), so a
 * list whose code arrived while typing shows in the same render as the first question.
 */
export function useConversation(wanted: boolean): Parts | null {
  const [, arrived] = useState(false);
  const parts = loadedParts;
  useEffect(() => {
    if (parts || !wanted) return;
    let live = true;
    void loadConversation().then(() => live && arrived(true));
    return () => {
      live = false;
    };
  }, [parts, wanted]);
  return parts;
}
