// POST /api/speech's body (docs/decisions/0025-voice.md).
import * as z from "zod";
import { VOICES } from "../voice";

export const speechRequestSchema = z.object({
  messageId: z.string().min(1).max(100),
  voice: z.enum(VOICES).optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/** Settings › Account › Voice (POST /api/settings/voice): one of the voices offered (settings:voice.validation.unknown). */
export const voiceSettingSchema = z.object({ voice: z.enum(VOICES, { message: "validation.unknown" }) });
