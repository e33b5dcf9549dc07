// What a chat shows once it has a conversation: loaded by chat/conversation.tsx, not in an empty chat's first load.
export { MessageList } from "./message-list";
export { ThreadHeader } from "./thread-header";
