// Types for fake-openai-audio.mjs (the project compiles TypeScript with allowJs off).
export const FAKE_TRANSCRIPT: string;
export interface AudioCalls {
  speech: { input: string; voice: string; format: string; model: string }[];
  transcriptions: { model: string | null; bytes: number }[];
}
