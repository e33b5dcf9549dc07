// A recording sent for transcription, checked by its content before anything is charged or sent upstream
// (docs/decisions/0025-voice.md): a known audio container, at most 25 MB and 10 minutes of audio as measured from it.
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS } from "../../lib/voice";
import { AppError } from "../errors";
import { mp4Seconds, webmSeconds } from "./audio-containers";
import { ascii, FLOOR_BYTES_PER_SECOND, mp3Seconds, oggSeconds, wavSeconds } from "./audio-length";

export interface AudioFormat {
  type: string;
  extension: string;
}

/** The container the bytes are in (by their signature, never the declared type), or null. */
export function audioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return { type: "audio/wav", extension: "wav" };
  if (ascii(bytes, 0, 4) === "OggS") return { type: "audio/ogg", extension: "ogg" };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { type: "audio/webm", extension: "webm" };
  if (ascii(bytes, 0, 4) === "fLaC") return { type: "audio/flac", extension: "flac" };
  if (ascii(bytes, 4, 4) === "ftyp") return { type: "audio/mp4", extension: "m4a" };
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)) return { type: "audio/mpeg", extension: "mp3" };
  return null;
}

const MEASURES: Record<string, (bytes: Uint8Array) => number> = {
  wav: wavSeconds,
  ogg: oggSeconds,
  webm: webmSeconds,
  mp3: mp3Seconds,
  m4a: mp4Seconds,
};

/**
 * Seconds of audio to charge and limit: measured from the audio itself (audio-length.ts; FLAC, with nothing cheap
 * to count, at the 6 kbit/s floor), or the recorder's own count where that is more. A forged header cannot make a
 * recording cheaper, only refused (voice/unreadable).
 */
export function recordingSeconds(bytes: Uint8Array, format: AudioFormat, declared: number | undefined): number {
  const measure = MEASURES[format.extension] ?? ((audio: Uint8Array) => audio.length / FLOOR_BYTES_PER_SECOND);
  return Math.max(measure(bytes), declared ?? 0);
}

/** The recording from a form's `file`, refused as the person will read it: missing, not audio, too large or too long. */
export async function checkRecording(file: FormDataEntryValue | null, declaredSeconds: number | undefined) {
  if (!(file instanceof File) || file.size === 0) throw new AppError("voice/empty");
  if (file.size > MAX_RECORDING_BYTES) throw new AppError("voice/too-large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = audioFormat(bytes);
  if (!format) throw new AppError("voice/invalid-type");
  const seconds = recordingSeconds(bytes, format, declaredSeconds);
  if (seconds > MAX_RECORDING_SECONDS) throw new AppError("voice/too-long");
  return { bytes, format, seconds };
}
