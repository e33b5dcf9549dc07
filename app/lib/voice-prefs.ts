// The voice chosen in Settings, kept on this device (docs/decisions/0025-voice.md): read when an answer is spoken.
import { readStored, writeStored } from "./storage";
import { DEFAULT_VOICE, isVoice, type Voice } from "./voice";

const VOICE_KEY = "voice";

export function chosenVoice(): Voice {
  const stored = typeof window === "undefined" ? null : readStored(VOICE_KEY);
  return isVoice(stored) ? stored : DEFAULT_VOICE;
}

export function chooseVoice(voice: Voice): void {
  writeStored(VOICE_KEY, voice);
}
