// How long a recording is, measured from what a decoder would decode, never from a header's claim
// (docs/decisions/0025-voice.md "Measuring a recording"). A WAV is its data over its checked format; Ogg and WebM
// Opus are the durations of their Opus packets; MP3 its frames; M4A its indexed AAC frames (audio-containers.ts).
// Bytes none of that accounts for are charged at FLOOR_BYTES_PER_SECOND, so hiding audio from the count costs more
// than it saves, and a format with nothing to count (FLAC) is measured by that floor alone.
import { AppError } from "../errors";

/** 6 kbit/s: below the lowest bitrate speech is encoded at (Opus's floor is about 6 kbit/s), so bytes never undercount. */
export const FLOOR_BYTES_PER_SECOND = 750;

/** `length` bytes from `from` as Latin-1 text: a container's four-letter tags. */
export const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));
const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const unreadable = () => new AppError("voice/unreadable");

/**
 * Milliseconds an Opus packet decodes to, from its TOC byte (and, for code 3, its frame count byte): RFC 6716 §3.1.
 * Milliseconds (multiples of 2.5) add up exactly, where seconds would drift below a limit they reach.
 */
export function opusPacketMs(toc: number, second: number | undefined): number {
  const config = toc >> 3;
  const frameMs = config < 12 ? [10, 20, 40, 60][config & 3]! : config < 16 ? [10, 20][config & 1]! : [2.5, 5, 10, 20][config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (second ?? 0) & 0x3f;
  return Math.min(frames * frameMs, 120);
}

/** WAVE format tags a transcription is made from: PCM, A-law, μ-law (anything else would be believed blind). */
const WAV_FORMATS = new Set([1, 6, 7]);
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * A WAV's length: every byte from its data chunk on (a short declared size does not hide what follows it) over
 * sampleRate × blockAlign, once the format's fields agree with one another. Throws voice/unreadable otherwise.
 */
export function wavSeconds(bytes: Uint8Array): number {
  const view = viewOf(bytes);
  let perSecond = 0;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt " && perSecond === 0) perSecond = wavBytesPerSecond(view, offset + 8, size);
    if (id === "data") {
      if (perSecond === 0) throw unreadable();
      return (bytes.length - offset - 8) / perSecond;
    }
    offset += 8 + size + (size % 2);
  }
  throw unreadable();
}

/** The `fmt ` chunk's bytes a second, after checking it describes 8–192 kHz PCM, A-law or μ-law consistently. */
function wavBytesPerSecond(view: DataView, at: number, size: number): number {
  if (size < 16 || at + 16 > view.byteLength) throw unreadable();
  let format = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const byteRate = view.getUint32(at + 8, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bits = view.getUint16(at + 14, true);
  // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40 && at + 26 <= view.byteLength) format = view.getUint16(at + 24, true);
  const bitsFit = format === 1 ? [8, 16, 24, 32].includes(bits) : bits === 8;
  const consistent = channels >= 1 && channels <= 8 && blockAlign === (channels * bits) / 8 && byteRate === sampleRate * blockAlign;
  if (!WAV_FORMATS.has(format) || !bitsFit || !consistent || sampleRate < 8000 || sampleRate > 192_000) throw unreadable();
  return byteRate;
}

interface OggStream {
  packets: number;
  opus: boolean;
  /** Where the packet being read began (a packet may go on over several pages). */
  packetStart: number;
}

/** CRC-32 of Ogg pages (polynomial 0x04c11db7, not reflected): a page that fails it is skipped by decoders, so by us. */
const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    table[index] = value >>> 0;
  }
  return table;
})();

const isOggCapture = (bytes: Uint8Array, at: number) => bytes[at] === 0x4f && bytes[at + 1] === 0x67 && bytes[at + 2] === 0x67 && bytes[at + 3] === 0x53;

/** The Ogg page at `at`: its length, and whether it is valid (its CRC checked with its own field as zero); 0 if none. */
function oggPage(bytes: Uint8Array, at: number): { length: number; valid: boolean } {
  if (at + 27 > bytes.length || !isOggCapture(bytes, at)) return { length: 0, valid: false };
  const segments = bytes[at + 26]!;
  let length = 27 + segments;
  if (at + length > bytes.length) return { length: 0, valid: false };
  for (let index = 0; index < segments; index++) length += bytes[at + 27 + index]!;
  if (at + length > bytes.length) return { length: 0, valid: false };
  let crc = 0;
  for (let index = 0; index < length; index++) {
    const byte = index >= 22 && index < 26 ? 0 : bytes[at + index]!;
    crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return { length, valid: crc === viewOf(bytes).getUint32(at + 22, true) };
}

/**
 * An Ogg file's length: the Opus packets of every Opus stream, page by page (granule positions are a header's claim
 * and are not read). Bytes outside valid pages are skipped as a decoder resyncs, and charged at the floor, as are
 * the pages of any stream that is not Opus.
 */
export function oggSeconds(bytes: Uint8Array): number {
  const view = viewOf(bytes);
  const streams = new Map<number, OggStream>();
  let ms = 0;
  let unaccounted = 0;
  // Pages that fail their CRC are resynced byte by byte, each costing a checksum: past this many bytes checked (a
  // file built of false pages), the rest is charged at the floor unread.
  let checkBudget = bytes.length * 4;
  for (let offset = 0; offset < bytes.length;) {
    if (checkBudget <= 0) {
      unaccounted += bytes.length - offset;
      break;
    }
    const page = oggPage(bytes, offset);
    checkBudget -= page.length;
    const length = page.valid ? page.length : 0;
    if (!length) {
      const next = bytes.indexOf(0x4f, offset + 1);
      const resync = next < 0 ? bytes.length : next;
      unaccounted += resync - offset;
      offset = resync;
      continue;
    }
    const segments = bytes[offset + 26]!;
    const serial = view.getUint32(offset + 14, true);
    const stream = streams.get(serial) ?? { packets: 0, opus: false, packetStart: 0 };
    streams.set(serial, stream);
    if (stream.packets > 0 && !stream.opus) unaccounted += length;
    // A page that goes on from the last one starts inside a packet begun there.
    let starting = (bytes[offset + 5]! & 0x01) === 0;
    let at = offset + 27 + segments;
    for (let index = 0; index < segments; index++) {
      const lacing = bytes[offset + 27 + index]!;
      if (starting) stream.packetStart = at;
      at += lacing;
      starting = lacing < 255;
      if (!starting) continue;
      const start = stream.packetStart;
      if (stream.packets === 0) stream.opus = ascii(bytes, start, 8) === "OpusHead";
      else if (stream.opus && stream.packets > 1) ms += opusPacketMs(bytes[start]!, bytes[start + 1]);
      stream.packets++;
    }
    offset += length;
  }
  return ms / 1000 + unaccounted / FLOOR_BYTES_PER_SECOND;
}

const MP3_BITRATES = {
  v1: [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const MP3_RATES = [[11_025, 12_000, 8000], [], [22_050, 24_000, 16_000], [44_100, 48_000, 32_000]];

/** The MPEG audio frame whose header is at `at`: its length in bytes and what it decodes to; null if none is there. */
function mp3Frame(bytes: Uint8Array, at: number): { length: number; seconds: number } | null {
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0 || at + 4 > bytes.length) return null;
  const version = (bytes[at + 1]! >> 3) & 3;
  const layer = 4 - ((bytes[at + 1]! >> 1) & 3);
  const bitrateIndex = bytes[at + 2]! >> 4;
  const sampleRate = MP3_RATES[version]![(bytes[at + 2]! >> 2) & 3];
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || !sampleRate) return null;
  const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[layer - 1]![bitrateIndex - 1]! * 1000;
  const padding = (bytes[at + 2]! >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length = layer === 1 ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4 : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { length, seconds: samples / sampleRate };
}

/**
 * An MP3's length: its frames, walked from after a leading ID3v2 tag (which decoders skip) to before a trailing
 * ID3v1 tag; bytes between frames are skipped as a decoder resyncs, and charged at the floor.
 */
export function mp3Seconds(bytes: Uint8Array): number {
  let offset = 0;
  if (ascii(bytes, 0, 3) === "ID3" && bytes.length >= 10) {
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    offset = Math.min(bytes.length, 10 + size + (bytes[5]! & 0x10 ? 10 : 0));
  }
  const end = bytes.length >= 128 && ascii(bytes, bytes.length - 128, 3) === "TAG" ? bytes.length - 128 : bytes.length;
  let seconds = 0;
  let unaccounted = 0;
  while (offset < end) {
    const frame = mp3Frame(bytes, offset);
    if (frame) {
      seconds += frame.seconds;
      offset += frame.length;
      continue;
    }
    const next = bytes.indexOf(0xff, offset + 1);
    const resync = next < 0 || next > end ? end : next;
    unaccounted += resync - offset;
    offset = resync;
  }
  return seconds + unaccounted / FLOOR_BYTES_PER_SECOND;
}
