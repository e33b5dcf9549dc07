import * as z from "zod";
import { CHAT_TITLE_MAX, TEMPORARY_ATTACHMENTS_MAX, TEMPORARY_HISTORY_MAX, TEMPORARY_MESSAGE_MAX } from "../constants";

export const MESSAGE_MAX = 16_000;

/** POST /api/chat: a new turn, a regeneration of the last answer, or an edit of the last question. */
export const chatRequestSchema = z.object({
  /** Client-made id of this turn: retrying the same request never charges or writes twice. */
  requestId: z.uuid(),
  threadId: z.string().min(1).max(64).optional(),
  model: z.string().min(1).max(64),
  message: z.string().trim().max(MESSAGE_MAX).optional(),
  mode: z.enum(["send", "regenerate", "edit"]).default("send"),
  attachmentId: z.string().max(64).optional(),
  /** A new chat started in one of the asker's projects (decision 0038-projects); a thread's own project is kept. */
  projectId: z.string().min(1).max(64).optional(),
  /** The tool whose thread this turn belongs to (docs/product.md §2 tool keys); the chat is "web-main". */
  tool: z.enum(["web-main", "horoscope", "web-search"]).default("web-main"),
  /** The horoscope type or search category. */
  toolPath: z.string().min(1).max(64).optional(),
  /** A tool's form fields, for the first turn of a tool thread (checked by the tool's own schema on the server). */
  input: z.record(z.string().max(32), z.string().max(MESSAGE_MAX)).optional(),
  /** A temporary chat (decision 0027): nothing is saved, so the page sends the conversation so far with each turn. */
  temporary: z.boolean().optional(),
  history: z
    .array(z.object({ role: z.enum(["user", "assistant"]), content: z.string().max(TEMPORARY_MESSAGE_MAX) }))
    .max(TEMPORARY_HISTORY_MAX)
    .optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** POST /api/uploads/temporary: the page ends its temporary chat, naming the attachments it used (decision 0027). */
// Upload ids are UUIDs (images/uploads.ts): anything else names no upload and is refused, as is the same id twice.
export const endTemporaryChatSchema = z.object({
  ids: z
    .array(z.string().regex(/^[A-Za-z0-9-]{8,64}$/))
    .min(1)
    .max(TEMPORARY_ATTACHMENTS_MAX)
    .refine((ids) => new Set(ids).size === ids.length),
});

/** docs/product.md §5: chat title at most 50 characters. */
export const renameThreadSchema = z.object({
  intent: z.literal("rename"),
  title: z.string().trim().min(1, "validation.required").max(CHAT_TITLE_MAX, "validation.titleTooLong"),
});

export const threadActionSchema = z.discriminatedUnion("intent", [
  renameThreadSchema,
  z.object({ intent: z.literal("star"), starred: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("delete") }),
]);

export const feedbackSchema = z.object({ feedback: z.enum(["like", "dislike", "none"]) });
