// The project forms (docs/decisions/0038-projects.md): one schema per form, shared by the pages and the routes.
// Messages are keys under projects:validation.
import * as z from "zod";
import { PROJECT_COLOURS, PROJECT_INSTRUCTIONS_MAX, PROJECT_NAME_MAX } from "../projects";
import { plainTextSchema } from "./memory";

const nameSchema = plainTextSchema(PROJECT_NAME_MAX, { required: "validation.nameRequired", tooLong: "validation.nameTooLong" });

const instructionsSchema = plainTextSchema(PROJECT_INSTRUCTIONS_MAX, { tooLong: "validation.instructionsTooLong" });

/** One emoji (a few code points: flags, skin tones and joined ones are longer than one), or empty for none. */
const emojiSchema = z
  .string()
  .trim()
  .max(16, "validation.emoji")
  .refine((value) => value === "" || /^\p{Extended_Pictographic}/u.test(value), "validation.emoji");

const colourSchema = z.union([z.enum(PROJECT_COLOURS), z.literal("")], { message: "validation.colour" });

/** POST /api/projects: a new project. */
export const newProjectSchema = z.object({
  name: nameSchema,
  emoji: emojiSchema.optional().default(""),
  colour: colourSchema.optional().default(""),
  instructions: instructionsSchema.optional().default(""),
});

/** POST /api/projects/:projectId. */
export const projectActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), name: nameSchema, emoji: emojiSchema.optional().default(""), colour: colourSchema.optional().default("") }),
  z.object({ intent: z.literal("instructions"), instructions: instructionsSchema }),
  z.object({ intent: z.literal("kept-apart"), keptApart: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("remove-file"), documentId: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("add-file"), documentId: z.string().min(1).max(64) }),
  /** Deleting asks what becomes of its chats: deleted with it, or moved to the history. */
  z.object({ intent: z.literal("delete"), chats: z.enum(["delete", "keep"], { message: "validation.deleteChoice" }) }),
]);

/** POST /api/threads/:threadId/project: into a project, or out of any (an empty projectId). */
export const moveChatSchema = z.object({ projectId: z.string().max(64) });

export type NewProject = z.infer<typeof newProjectSchema>;
