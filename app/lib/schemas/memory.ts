// Settings › Memory's forms (POST /api/memory and /api/memory/:memoryId, decision 0027): one schema per form, shared by the
// page and the routes. Messages are keys under settings:memory.validation.
import * as z from "zod";
import { INSTRUCTIONS_MAX, MEMORY_TEXT_MAX } from "../memory";

/** Markup (a tag, a comment, a processing instruction) is refused, never stored to be shown or sent to a model later. */
export function hasMarkup(value: string): boolean {
  return /<\s*[/!?]?\s*[a-z][^>]*>|<!--/i.test(value);
}

/**
 * Trimmed text within `max` characters with no markup, told by the form's own message keys: a memory, an instruction, a
 * project's name. With `required`, empty text is refused by that key; without it, empty text is allowed (it clears).
 * `notText` (else `required`) is the key when the field is not text at all.
 */
export function plainTextSchema(max: number, messages: { tooLong: string; required?: string; notText?: string }) {
  const notText = messages.notText ?? messages.required;
  const text = (notText ? z.string({ message: notText }) : z.string()).trim();
  return (messages.required ? text.min(1, messages.required) : text).max(max, messages.tooLong).refine((value) => !hasMarkup(value), "validation.markup");
}

export const memoryTextSchema = plainTextSchema(MEMORY_TEXT_MAX, { required: "validation.required", tooLong: "validation.tooLong" });

/** An instruction may be empty (that clears it); otherwise it is text within its limit. */
const instructionSchema = plainTextSchema(INSTRUCTIONS_MAX, { tooLong: "validation.instructionsTooLong", notText: "validation.required" });

/** POST /api/memory/:memoryId. */
export const memoryItemActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("edit"), text: memoryTextSchema }),
  z.object({ intent: z.literal("delete") }),
]);

/** POST /api/memory/notes/:messageId: "Save to memory?" under an answer (decision 0027). */
export const memoryNoteActionSchema = z.object({ intent: z.literal("save") });

/** POST /api/memory: the switch, the custom instructions, or "Delete all". */
export const memoryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enabled"), enabled: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("instructions"), aboutYou: instructionSchema, answerStyle: instructionSchema }),
  z.object({ intent: z.literal("delete-all") }),
]);
