// What a ChatGPT data export's conversations.json says, turned into the chats this product keeps (decision
// 0040-import-chatgpt). Each conversation is a tree of messages (every regenerated answer or edited question is a
// branch); the one a person saw last is the path from `current_node` up through `parent`, reversed. Only the user's and
// the assistant's text is kept: system and tool messages, hidden ones and empty ones are left out, an image in a
// message becomes "[image]" so the words around it still read right. No I/O: the request and the object share it.
import { titleFrom } from "../chat/title";

/** A conversation as it is stored while the import runs (R2, imports folder) and then written as one chat. */
export interface ImportedConversation {
  /** ChatGPT's conversation id. */
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messages: { role: "user" | "assistant"; content: string; createdAt: number }[];
}

/** Why a file is not a ChatGPT export the import can read. */
export type FormatRefusal = "import/not-chatgpt-export" | "import/too-many-conversations" | "import/nothing-to-import";

/** Conversations one import takes at most (each is a chat and a few rows; ChatGPT's heaviest users have a few thousand). */
export const MAX_CONVERSATIONS_PER_IMPORT = 5_000;
/**
 * Prepared conversations per file in R2 while an import runs (`<prefix><index>.json`): the request writes one as soon
 * as it has read that many, and each wake of the object's alarm reads only the file it writes from.
 */
export const IMPORT_PART_SIZE = 50;

/** The R2 key of prepared part `index` of an import whose files start with `prefix` (it ends with "/"). */
export const importPartKey = (prefix: string, index: number) => `${prefix}${index}.json`;

/** The keys of the parts holding `conversations` prepared conversations (at most 100 for 5,000: one R2 delete). */
export const importPartKeys = (prefix: string, conversations: number) =>
  Array.from({ length: Math.ceil(conversations / IMPORT_PART_SIZE) }, (_, index) => importPartKey(prefix, index));

/** Parent links followed at most: a cycle in a hostile file ends here. */
const MAX_PATH_NODES = 20_000;
const IMAGE = "[image]";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Unix seconds (ChatGPT writes floats) as epoch milliseconds, or the fallback when absent or nonsense. */
function millis(seconds: unknown, fallback: number): number {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 && seconds < 1e11 ? Math.round(seconds * 1000) : fallback;
}

/** A message's visible text, or null when it has none the import keeps (tool output, code runs, hidden context). */
function messageText(message: Json): string | null {
  const metadata = isObject(message.metadata) ? message.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  // An assistant message addressed to a tool (a browsing or code call) is not part of what the person read.
  if (typeof message.recipient === "string" && message.recipient !== "all") return null;
  const content = isObject(message.content) ? message.content : null;
  if (!content || !Array.isArray(content.parts)) return null;
  if (content.content_type !== "text" && content.content_type !== "multimodal_text") return null;
  const parts = content.parts.map((part) => (typeof part === "string" ? part : isObject(part) && part.content_type === "image_asset_pointer" ? IMAGE : ""));
  const text = parts
    .filter((part) => part.length > 0)
    .join("\n")
    .trim();
  return text.length > 0 ? text : null;
}

/** The messages of the branch the person saw last, oldest first. */
function visiblePath(mapping: Json, currentNode: unknown, fallbackTime: number): ImportedConversation["messages"] {
  const path: Json[] = [];
  const seen = new Set<string>();
  let id = typeof currentNode === "string" ? currentNode : null;
  while (id !== null && !seen.has(id) && path.length < MAX_PATH_NODES) {
    seen.add(id);
    const node = mapping[id];
    if (!isObject(node)) break;
    if (isObject(node.message)) path.push(node.message);
    id = typeof node.parent === "string" ? node.parent : null;
  }
  const messages: ImportedConversation["messages"] = [];
  let time = fallbackTime;
  for (const message of path.reverse()) {
    const role = isObject(message.author) ? message.author.role : null;
    if (role !== "user" && role !== "assistant") continue;
    const content = messageText(message);
    if (content === null) continue;
    // Messages keep their order even when ChatGPT left a time out: never earlier than the one before.
    time = Math.max(time, millis(message.create_time, time));
    messages.push({ role, content, createdAt: time });
  }
  return messages;
}

/** ChatGPT's title, or the first question, cut as any chat's title is (docs/product.md §9: at most 50 characters). */
function titleOf(raw: unknown, messages: ImportedConversation["messages"]): string {
  const title = typeof raw === "string" ? raw.trim() : "";
  return titleFrom(title.length > 0 ? title : (messages.find((message) => message.role === "user")?.content ?? messages[0]!.content));
}

/**
 * Reads conversations.json's elements one at a time (imports/json-array-stream.ts hands them over as they arrive), so
 * the array is never held whole. `add` answers the element as a conversation, or null when it is left out (no id, a
 * repeated id, no visible message); it throws the refusal as soon as there are more than MAX_CONVERSATIONS_PER_IMPORT.
 * `end` answers why nothing can be imported: no element with a `mapping` (not-chatgpt-export), or none with text.
 */
export class ChatgptConversationReader {
  private ids = new Set<string>();
  private elements = 0;
  private mappings = 0;

  add(item: unknown): ImportedConversation | null {
    this.elements += 1;
    if (this.elements > MAX_CONVERSATIONS_PER_IMPORT) throw new FormatError("import/too-many-conversations");
    if (!isObject(item) || !isObject(item.mapping)) return null;
    this.mappings += 1;
    const id = typeof item.conversation_id === "string" ? item.conversation_id : typeof item.id === "string" ? item.id : null;
    if (!id || id.length > 200 || this.ids.has(id)) return null;
    const createdAt = millis(item.create_time, Date.now());
    const messages = visiblePath(item.mapping, item.current_node, createdAt);
    if (messages.length === 0) return null;
    this.ids.add(id);
    const updatedAt = Math.max(millis(item.update_time, createdAt), messages[messages.length - 1]!.createdAt);
    return { id, title: titleOf(item.title, messages), createdAt, updatedAt, messages };
  }

  /** Why the whole file cannot be imported, or null when it has conversations to import. */
  end(): FormatRefusal | null {
    if (this.mappings === 0) return "import/not-chatgpt-export";
    return this.ids.size > 0 ? null : "import/nothing-to-import";
  }
}

/** A refusal found while reading: the reader stops at once. */
export class FormatError extends Error {
  constructor(readonly code: FormatRefusal) {
    super(code);
  }
}

/** The conversations of a parsed conversations.json (the whole array at once), or why it cannot be imported. */
export function chatgptConversations(parsed: unknown): ImportedConversation[] | FormatRefusal {
  if (!Array.isArray(parsed)) return "import/not-chatgpt-export";
  const reader = new ChatgptConversationReader();
  const conversations: ImportedConversation[] = [];
  try {
    for (const item of parsed) {
      const conversation = reader.add(item);
      if (conversation) conversations.push(conversation);
    }
  } catch (error) {
    if (error instanceof FormatError) return error.code;
    throw error;
  }
  return reader.end() ?? conversations;
}

/** The UTF-8 bytes a conversation keeps (its title and messages): what it counts against the storage quota. */
export function conversationBytes(conversation: ImportedConversation): number {
  const encoder = new TextEncoder();
  return conversation.messages.reduce((sum, message) => sum + encoder.encode(message.content).byteLength, encoder.encode(conversation.title).byteLength);
}
