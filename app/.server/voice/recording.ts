// A recording sent for transcription, checked by its content before anything is charged or sent upstream
// (docs/decisions/0025-voice.md): a known audio container, at most 25 MB and 10 minutes.
import { MAX_RECORDING_BYTES, MAX_RECORDING_SECONDS } from "../../lib/voice";
import { AppError } from "../errors";

export interface AudioFormat {
  type: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

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

/** A WAV file's exact length: its data chunk over its byte rate; null when the header does not say. */
function wavSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt " && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (id === "data") return byteRate > 0 ? Math.min(size, bytes.length - offset - 8) / byteRate : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

/**
 * An Ogg/Opus file's exact length: the last page's granule position (48 kHz samples) less the pre-skip of its
 * OpusHead. WhatsApp voice notes are Ogg/Opus, and a byte floor would undercount them eightfold. Null if not Opus.
 */
function oggOpusSeconds(bytes: Uint8Array): number | null {
  if (ascii(bytes, 28, 8) !== "OpusHead" || bytes.length < 48) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const preSkip = view.getUint16(38, true);
  for (let offset = bytes.length - 27; offset >= 0; offset--) {
    if (bytes[offset] !== 0x4f || ascii(bytes, offset, 4) !== "OggS") continue;
    const granule = Number(view.getBigUint64(offset + 6, true));
    return Math.max(0, granule - preSkip) / 48_000;
  }
  return null;
}

/**
 * Compressed audio is at most this dense (128 kbit/s, more than any voice recording needs), so its size alone gives
 * a length it cannot be shorter than. The recorder's own count can only add to it: a client that claims less than
 * its bytes allow is charged and limited by its bytes.
 */
const MAX_BYTES_PER_SECOND = 16_000;

/** Seconds of audio to charge and limit: a WAV's own header, else the largest of the bytes' floor, an Ogg/Opus file's own length and the client's count. */
export function recordingSeconds(bytes: Uint8Array, format: AudioFormat, declared: number | undefined): number {
  if (format.extension === "wav") {
    const seconds = wavSeconds(bytes);
    if (seconds === null) throw new AppError("voice/invalid-type");
    return seconds;
  }
  const measured = format.extension === "ogg" ? (oggOpusSeconds(bytes) ?? 0) : 0;
  return Math.max(bytes.length / MAX_BYTES_PER_SECOND, measured, declared ?? 0);
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
