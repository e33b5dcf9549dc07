// Voice's shared rules (docs/decisions/0025-voice.md): the voices on offer, what audio costs, and the limits on a
// recording. Client and server read the same numbers, so the price shown before voice mode is the one charged. No zod
// here: the chat page imports this at first load (the request schema is in schemas/voice.ts).
/** Voices of the OpenAI-compatible speech endpoint offered in Settings; a short list keeps the picker small. */
export const VOICES = ["alloy", "coral", "echo", "nova", "onyx", "shimmer"] as const;
export type Voice = (typeof VOICES)[number];
export const DEFAULT_VOICE: Voice = "alloy";

export function isVoice(value: unknown): value is Voice {
  return typeof value === "string" && (VOICES as readonly string[]).includes(value);
}

/** Pro is unlimited in credits; voice minutes a Pro account may use per UTC day (fair use: audio is the dearest call). */
export const PRO_VOICE_MINUTES_DAILY = 120;

/** A recording sent for transcription: the provider's own cap on size, and ours on length. */
export const MAX_RECORDING_BYTES = 25 * 1024 * 1024;
export const MAX_RECORDING_SECONDS = 10 * 60;

/** Characters the speech endpoint takes per request; longer answers are spoken in several requests, one after another. */
export const SPEECH_INPUT_CHARS = 4000;
/** How fast speech goes, for the charge: about 150 words (900 characters) a minute. */
const SPEECH_CHARS_PER_MINUTE = 900;

/** Whole minutes charged for `seconds` of audio: every started minute, at least one. */
export function minutesFor(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** Minutes of speech a text takes to read aloud. */
export function speechMinutes(text: string): number {
  return Math.max(1, Math.ceil(text.length / SPEECH_CHARS_PER_MINUTE));
}

/** What /api/transcriptions answers: the words, and whether the demo provider made them up. */
export interface TranscriptionResult {
  text: string;
  demo: boolean;
}
