// Uploads are checked by content, not by name: JPEG or PNG magic bytes, a decodable header with real
// dimensions, and limits on bytes and pixels (SPEC §5: JPEG, JPG, PNG).

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: larger images are refused before anything tries to decode them. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export type ImageCheck =
  | { ok: true; contentType: "image/png" | "image/jpeg"; width: number; height: number; bytes: number }
  | { ok: false; code: "upload/empty" | "upload/too-large" | "upload/invalid-type" | "upload/corrupt" | "upload/too-many-pixels" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // Signature, then the IHDR chunk: length(4) "IHDR"(4) width(4) height(4) ... and the file must end with IEND.
  if (bytes.length < 45) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (ihdr !== "IHDR") return null;
  const tail = String.fromCharCode(...bytes.subarray(bytes.length - 8, bytes.length - 4));
  if (tail !== "IEND") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  // Walk the markers to a start-of-frame (SOF0..SOF15 except DHT/JPG/DAC); the file must end with EOI.
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0);
      const width = ((bytes[offset + 7] ?? 0) << 8) | (bytes[offset + 8] ?? 0);
      return { width, height };
    }
    if (length < 2) return null;
    offset += 2 + length;
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
