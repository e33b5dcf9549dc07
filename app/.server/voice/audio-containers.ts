// The lengths of the two containers browsers record into (docs/decisions/0025-voice.md "Measuring a recording"):
// WebM/Opus (Chrome, Firefox) by its Opus blocks, and MP4/AAC (Safari) by its indexed AAC frames. Both walk the
// container once, reading element and box headers only; neither believes a Duration field.
import { ascii, FLOOR_BYTES_PER_SECOND, opusPacketMs } from "./audio-length";

/** An EBML variable-size integer at `at`: its value (with the length marker kept for ids), its length, unknown-ness. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || (keepMarker && length > 4)) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    value = value * 256 + bytes[at + index]!;
    allOnes &&= bytes[at + index] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML = { segment: 0x18538067, cluster: 0x1f43b675, blockGroup: 0xa0, tracks: 0x1654ae6b, trackEntry: 0xae, trackNumber: 0xd7, codecId: 0x86 };
const BLOCKS = new Set([0xa3, 0xa1]); // SimpleBlock, Block
/** Elements whose children are read in place (their payload is walked, not skipped). */
const MASTERS = new Set([EBML.segment, EBML.cluster, EBML.blockGroup, EBML.tracks, EBML.trackEntry]);
/** The most one Opus packet decodes to (ms): a laced block's frames are each charged this, not parsed. */
const OPUS_PACKET_MAX_MS = 120;
/** Skipped elements this small (timecodes, track fields, headers) are not charged; decoders skip them too. */
const FREE_ELEMENT_BYTES = 256;

/**
 * A WebM file's length: the Opus packets in the blocks of its Opus tracks. Other tracks' blocks and any skipped
 * element of FREE_ELEMENT_BYTES or more are charged at the floor; a size that cannot be read ends the walk, the
 * rest at the floor too.
 */
export function webmSeconds(bytes: Uint8Array): number {
  const tracks: { number?: number; codec?: string }[] = [];
  const opusTracks = () => new Set(tracks.filter((track) => track.codec === "A_OPUS").map((track) => track.number));
  let opus: Set<number | undefined> | null = null;
  let ms = 0;
  let unaccounted = 0;
  for (let offset = 0; offset < bytes.length;) {
    const id = vint(bytes, offset, true);
    const size = id && vint(bytes, offset + id.length, false);
    if (!id || !size) {
      unaccounted += bytes.length - offset;
      break;
    }
    const start = offset + id.length + size.length;
    if (MASTERS.has(id.value)) {
      if (id.value === EBML.trackEntry) tracks.push({});
      offset = start;
      continue;
    }
    if (size.unknown) {
      unaccounted += bytes.length - offset;
      break;
    }
    const end = Math.min(bytes.length, start + size.value);
    const track = tracks.at(-1);
    if (id.value === EBML.trackNumber && track) track.number = bytes.subarray(start, end).reduce((value, byte) => value * 256 + byte, 0);
    else if (id.value === EBML.codecId && track) track.codec = ascii(bytes, start, end - start);
    else if (BLOCKS.has(id.value)) {
      const heard = blockMs(bytes, start, end, (opus ??= opusTracks()));
      if (heard === null) unaccounted += end - offset;
      else ms += heard;
    } else if (end - start >= FREE_ELEMENT_BYTES) unaccounted += end - offset;
    offset = end;
  }
  return ms / 1000 + unaccounted / FLOOR_BYTES_PER_SECOND;
}

/** One block's audio (ms): its Opus packet, or each laced frame at the most a packet holds; null for another track's. */
function blockMs(bytes: Uint8Array, start: number, end: number, opus: Set<number | undefined>): number | null {
  const track = vint(bytes, start, false);
  const payload = track ? start + track.length + 3 : end;
  if (!track || payload >= end || !opus.has(track.value)) return null;
  const laced = (bytes[payload - 1]! & 0x06) !== 0;
  return laced ? (bytes[payload]! + 1) * OPUS_PACKET_MAX_MS : opusPacketMs(bytes[payload]!, bytes[payload + 1]);
}

/** Boxes whose children are read in place. */
const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "moof", "traf"]);
/** AAC audio object types whose frames decode to 1,024 samples at the core rate: AAC-LC, HE-AAC, HE-AAC v2. */
const AAC_1024 = new Set([2, 5, 29]);
const AAC_RATES = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8000, 7350];

/**
 * An MP4/M4A file's length: its AAC frames (each sample the sample tables or fragments index is one frame; a
 * decoder finds no others) at the lower of the sample entry's rate and the decoder configuration's. Anything else
 * (another codec, a rate that cannot be read) is measured by its bytes at the floor.
 */
export function mp4Seconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let frames = 0;
  let rate = 0;
  let aac = false;
  for (let offset = 0; offset + 8 <= bytes.length;) {
    let size = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    let header = 8;
    if (size === 1 && offset + 16 <= bytes.length) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - offset;
    if (size < header) break;
    const body = offset + header;
    if (CONTAINERS.has(type)) {
      offset = body;
      continue;
    }
    if (type === "stsd" && body + 8 + 36 <= bytes.length && ascii(bytes, body + 12, 4) === "mp4a" && !aac) {
      const entry = body + 8;
      const config = aacConfig(bytes, entry + 36, Math.min(bytes.length, entry + view.getUint32(entry)));
      const declared = view.getUint32(entry + 32) >>> 16;
      if (config && AAC_1024.has(config.objectType)) {
        aac = true;
        rate = Math.min(declared || config.rate, config.rate);
      }
    }
    if ((type === "stsz" || type === "stz2") && body + 12 <= bytes.length) frames += view.getUint32(body + 8);
    if (type === "trun" && body + 8 <= bytes.length) frames += view.getUint32(body + 4);
    offset += size;
  }
  return aac && rate >= 7350 ? (frames * 1024) / rate : bytes.length / FLOOR_BYTES_PER_SECOND;
}

/** The AudioSpecificConfig in an mp4a entry's `esds` (ISO 14496-1 descriptors 3 → 4 → 5): object type and core rate. */
function aacConfig(bytes: Uint8Array, from: number, to: number): { objectType: number; rate: number } | null {
  // The esds box follows the entry's fields at once (or after QuickTime's few small boxes): looked for nearby only.
  const esds = bytes.subarray(from, Math.min(to, from + 256)).findIndex((_, index) => ascii(bytes, from + index, 4) === "esds");
  if (esds < 0) return null;
  let at = from + esds + 8;
  for (const tag of [3, 4, 5]) {
    if (bytes[at] !== tag) return null;
    let length = 0;
    for (at++; at < to && bytes[at]! & 0x80; at++) length = (length << 7) | (bytes[at]! & 0x7f);
    length = (length << 7) | (bytes[at++]! & 0x7f);
    if (tag === 3) at += 3 + (bytes[at + 2]! & 0x80 ? 2 : 0) + (bytes[at + 2]! & 0x20 ? 2 : 0);
    else if (tag === 4) at += 13;
    else if (at + 2 <= to && length >= 2) {
      const objectType = bytes[at]! >> 3;
      const index = ((bytes[at]! & 0x07) << 1) | (bytes[at + 1]! >> 7);
      const rate = AAC_RATES[index];
      return rate ? { objectType, rate } : null;
    }
  }
  return null;
}
