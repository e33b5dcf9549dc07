// What the demo provider can honestly say it saw in a photo (decision 0030): its size and its dominant tone, the
// average colour of the decoded pixels. Uploads are already checked JPEG or PNG (validate.ts); a photo this cannot
// decode (interlaced or 16-bit PNG, a damaged scan), or one too large to decode cheaply, gets its size only.
import { unzlibSync } from "fflate";
import { decode as decodeJpeg } from "jpeg-js";
import { paeth } from "./png";
import { checkImage } from "./validate";

/** Above this many pixels the demo reads the size alone: decoding a 40-megapixel photo would cost too much memory. */
export const PHOTO_FACTS_MAX_PIXELS = 12_000_000;
/** About this many pixels are averaged, whatever the photo's size. */
const SAMPLES = 20_000;

export type PhotoTone = "dark" | "medium" | "light";

export interface PhotoFacts {
  width: number;
  height: number;
  /** The average colour and how light it is; null when the pixels could not be read. */
  tone: { name: PhotoTone; hex: string } | null;
}

interface Pixels {
  width: number;
  height: number;
  /** The colour of pixel `index` (row-major), as [r, g, b]. */
  rgb: (index: number) => [number, number, number];
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** 8-bit, non-interlaced PNGs of every colour type; anything else returns null (size-only facts). */
function decodePng(bytes: Uint8Array): Pixels | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [bitDepth, colorType, interlace] = [bytes[24]!, bytes[25]!, bytes[28]!];
  const channels = PNG_CHANNELS[colorType];
  if (bitDepth !== 8 || interlace !== 0 || !channels) return null;
  const parts: Uint8Array[] = [];
  let palette: Uint8Array | null = null;
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IDAT") parts.push(data);
    if (type === "PLTE") palette = data;
    if (type === "IEND") break;
    offset += 12 + length;
  }
  if (colorType === 3 && !palette) return null;
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (joined.set(part, at), at + part.length), 0);
  const raw = unzlibSync(joined);
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) return null;
  // Undo each row's filter in place (PNG spec §9); `previous` is the row above, already unfiltered.
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1) + 1;
    const filter = raw[start - 1]!;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? raw[start + x - channels]! : 0;
      const up = y > 0 ? raw[start + x - stride - 1]! : 0;
      const upLeft = y > 0 && x >= channels ? raw[start + x - stride - 1 - channels]! : 0;
      const predictor = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : 0;
      raw[start + x] = (raw[start + x]! + predictor) & 0xff;
    }
  }
  const at = (index: number) => Math.floor(index / width) * (stride + 1) + 1 + (index % width) * channels;
  return {
    width,
    height,
    rgb: (index) => {
      const offset = at(index);
      if (colorType === 3) {
        const entry = raw[offset]! * 3;
        return [palette![entry] ?? 0, palette![entry + 1] ?? 0, palette![entry + 2] ?? 0];
      }
      if (channels <= 2) return [raw[offset]!, raw[offset]!, raw[offset]!];
      return [raw[offset]!, raw[offset + 1]!, raw[offset + 2]!];
    },
  };
}

function decodeJpegPixels(bytes: Uint8Array): Pixels {
  const image = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: PHOTO_FACTS_MAX_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
  return { width: image.width, height: image.height, rgb: (index) => [image.data[index * 3]!, image.data[index * 3 + 1]!, image.data[index * 3 + 2]!] };
}

const hex = (values: number[]) => `#${values.map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;

function toneOf(pixels: Pixels): PhotoFacts["tone"] {
  const count = pixels.width * pixels.height;
  const step = Math.max(1, Math.floor(count / SAMPLES));
  const sum: [number, number, number] = [0, 0, 0];
  let taken = 0;
  for (let index = 0; index < count; index += step) {
    pixels.rgb(index).forEach((value, channel) => (sum[channel] = sum[channel]! + value));
    taken += 1;
  }
  const average = sum.map((value) => value / taken);
  const lightness = (Math.max(...average) + Math.min(...average)) / 2 / 255;
  return { name: lightness < 0.35 ? "dark" : lightness > 0.65 ? "light" : "medium", hex: hex(average) };
}

/** The facts of a `data:` URL as chat attachments carry them (images/data-url.ts `imageDataUrl`); null if it is no image. */
export function photoFacts(dataUrl: string): PhotoFacts | null {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));
  const check = checkImage(bytes, Number.POSITIVE_INFINITY);
  if (!check.ok) return null;
  const facts: PhotoFacts = { width: check.width, height: check.height, tone: null };
  if (check.width * check.height > PHOTO_FACTS_MAX_PIXELS) return facts;
  try {
    const pixels = check.contentType === "image/png" ? decodePng(bytes) : decodeJpegPixels(bytes);
    return pixels ? { ...facts, tone: toneOf(pixels) } : facts;
  } catch {
    // A photo that passed the upload check but does not decode here still has its size.
    return facts;
  }
}
