// Uploads are checked by content, not by name: JPEG or PNG magic bytes, a structure that reads through to the
// image's own end marker with real dimensions on the way, and limits on bytes and pixels (docs/product.md §5: JPEG, JPG, PNG).

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: larger images are refused before anything tries to decode them. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export type ImageCheck =
  | { ok: true; contentType: "image/png" | "image/jpeg"; width: number; height: number; bytes: number }
  | { ok: false; code: "upload/empty" | "upload/too-large" | "upload/invalid-type" | "upload/corrupt" | "upload/too-many-pixels" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Size = { width: number; height: number };

const ascii = (bytes: Uint8Array, from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));

/**
 * PNG: the signature, IHDR first (13 bytes: width, height, ...), then chunk by chunk (length, type, data, CRC) to IEND.
 * A file cut short never reaches IEND. Whatever follows IEND is not part of the image (some editors write data
 * there) and is ignored (decision 0013).
 */
function pngSize(bytes: Uint8Array): Size | null {
  if (bytes.length < 8 + 25) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || ascii(bytes, 12) !== "IHDR") return null;
  const size = { width: view.getUint32(16), height: view.getUint32(20) };
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const next = offset + 12 + view.getUint32(offset);
    if (next > bytes.length) return null;
    if (ascii(bytes, offset + 4) === "IEND") return size;
    offset = next;
  }
  return null;
}

const EOI = 0xd9;
const SOS = 0xda;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Where a scan's entropy-coded data ends: the next marker, past stuffed bytes (FF 00), restarts (FF D0-D7) and fill (FF FF). */
function endOfScan(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1]!;
    if (next === 0xff) at += 1;
    else if (next === 0x00 || isRestart(next)) at += 2;
    else return at;
  }
}

/**
 * JPEG: the markers from SOI to EOI, each segment skipped by its length (so an EXIF thumbnail's own EOI inside APP1
 * is never mistaken for the end) and each scan's data up to its next marker. The size is the first start-of-frame's.
 * A file cut short never reaches EOI; whatever follows EOI (a motion photo's video, a camera's trailer) is ignored
 * (decision 0013).
 */
function jpegSize(bytes: Uint8Array): Size | null {
  let size: Size | null = null;
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === EOI) return size;
    if (isRestart(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (isFrame(marker) && !size) {
      if (length < 8) return null;
      size = { height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!, width: (bytes[offset + 7]! << 8) | bytes[offset + 8]! };
    }
    offset = marker === SOS ? endOfScan(bytes, end) : end;
  }
  return null;
}

export function checkImage(bytes: Uint8Array, maxBytes = MAX_UPLOAD_BYTES): ImageCheck {
  if (bytes.length === 0) return { ok: false, code: "upload/empty" };
  if (bytes.length > maxBytes) return { ok: false, code: "upload/too-large" };
  const isPng = PNG_SIGNATURE.every((value, index) => bytes[index] === value);
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) return { ok: false, code: "upload/invalid-type" };
  const size = isPng ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return { ok: false, code: "upload/corrupt" };
  if (size.width * size.height > MAX_UPLOAD_PIXELS) return { ok: false, code: "upload/too-many-pixels" };
  return { ok: true, contentType: isPng ? "image/png" : "image/jpeg", ...size, bytes: bytes.length };
}
