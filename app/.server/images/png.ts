// A small PNG encoder (and a decoder for "Edit image"'s demo) for the Worker (no canvas, no native modules): rows are filtered with "Sub", compressed by
// the runtime's CompressionStream("deflate") (zlib framing, which is what IDAT holds), and framed in CRC'd chunks.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, seed = 0xffffffff): number {
  let c = seed;
  for (let index = 0; index < bytes.length; index++) c = (CRC_TABLE[(c ^ bytes[index]!) & 0xff]! ^ (c >>> 8)) >>> 0;
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Encodes 8-bit pixels as PNG. `pixels` is RGBA (4 bytes per pixel); with `alpha: false` the alpha channel is
 * dropped and the file is RGB, which is smaller for opaque pictures.
 */
export async function encodePng(width: number, height: number, pixels: Uint8Array | Uint8ClampedArray, options: { alpha?: boolean } = {}): Promise<Uint8Array> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new Error("PNG size must be positive integers");
  if (pixels.length !== width * height * 4) throw new Error("PNG pixels must be RGBA, width * height * 4 bytes");
  const alpha = options.alpha ?? true;
  const channels = alpha ? 4 : 3;
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    raw[rowStart] = 1; // filter type Sub: each byte minus the same channel of the pixel to its left
    for (let x = 0; x < width; x++) {
      const source = (y * width + x) * 4;
      const target = rowStart + 1 + x * channels;
      for (let channel = 0; channel < channels; channel++) {
        const value = pixels[source + channel]!;
        const left = x > 0 ? pixels[source - 4 + channel]! : 0;
        raw[target + channel] = (value - left) & 0xff;
      }
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = alpha ? 6 : 2; // colour type: RGBA or RGB
  // compression 0, filter method 0, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function inflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** PNG's Paeth predictor: of left, up and upper-left, the one nearest to left + up - upper-left. */
export const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Channels per pixel of the 8-bit colour types read here: grey, RGB, grey+alpha, RGBA (no palette, no interlace). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Decodes an 8-bit, non-interlaced PNG (what the image APIs, the demo provider and a browser canvas write) to RGBA.
 * Null for anything else (palette, 16-bit, interlaced): callers treat that as "cannot read these pixels".
 */
export async function decodePng(bytes: Uint8Array): Promise<{ width: number; height: number; pixels: Uint8Array } | null> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Uint8Array[] = [];
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      channels = CHANNELS[body[9]!] ?? 0;
      if (body[8] !== 8 || body[12] !== 0 || channels === 0) return null;
    } else if (type === "IDAT") data.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!width || !height || data.length === 0) return null;
  const joined = new Uint8Array(data.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of data) {
    joined.set(part, at);
    at += part.length;
  }
  const raw = await inflate(joined);
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) return null;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const predicted = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : 0;
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let index = 0; index < width * height; index++) {
    const source = rows.subarray(index * channels, index * channels + channels);
    const grey = channels <= 2;
    pixels[index * 4] = source[0]!;
    pixels[index * 4 + 1] = grey ? source[0]! : source[1]!;
    pixels[index * 4 + 2] = grey ? source[0]! : source[2]!;
    pixels[index * 4 + 3] = channels === 2 ? source[1]! : channels === 4 ? source[3]! : 255;
  }
  return { width, height, pixels };
}
