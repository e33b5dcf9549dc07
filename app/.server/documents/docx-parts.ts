// What mammoth is given of an uploaded DOCX (decision 0031, SECURITY.md "Documents in chat"): never the sender's ZIP,
// whose local headers and central directory may say different things to different parsers, but a new uncompressed ZIP
// of its XML and relationship parts, each inflated here under one budget for the whole document and checked against
// its own headers. Images, fonts and embedded files are never inflated (the reading drops images: no base64 of them).
import { Inflate, zipSync } from "fflate";
import { localEntry, zipDirectory, type ZipEntry } from "./zip-directory";

/** All of a DOCX's parts together may not declare more than this, and what is inflated never passes it. */
export const DOCX_INFLATE_BUDGET_BYTES = 60 * 1024 * 1024;
/**
 * Compressed bytes handed to the inflater at a time: at deflate's most (about 1,032:1) one step makes at most 4.2 MB,
 * so a part that inflates past its declared size is stopped within that much.
 */
const INFLATE_STEP_BYTES = 4 * 1024;

/** The parts mammoth opens: the document, styles, numbering, notes, comments, their relationships and content types. */
const READ_PART = /\.(xml|rels)$/i;

type DocxRefusal = "document/too-big-to-read" | "document/corrupt";

class Damaged extends Error {}

/** The entry's bytes inflated, exactly its declared size or Damaged; stops as soon as it passes that size. */
export function inflateEntry(data: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new Damaged();
    return data;
  }
  if (entry.method !== 8) throw new Damaged();
  const out = new Uint8Array(entry.size);
  let length = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    if (length + chunk.length > entry.size) throw new Damaged();
    out.set(chunk, length);
    length += chunk.length;
    ended ||= final;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_STEP_BYTES) {
      inflate.push(data.subarray(at, at + INFLATE_STEP_BYTES), at + INFLATE_STEP_BYTES >= data.length);
    }
  } catch {
    // fflate's own errors (a broken stream) and ours (past the declared size) are the same to the reader.
    throw new Damaged();
  }
  if (!ended || length !== entry.size) throw new Damaged();
  return out;
}

/**
 * A ZIP mammoth can open safely, holding the DOCX's XML and relationship parts, or why not: more than the budget
 * declared by all parts together (`document/too-big-to-read`, before anything is inflated); a directory zip-directory
 * refuses, a local header that disagrees with its directory entry, entries whose data overlap, a name twice, an
 * unknown compression method, or a part that does not inflate to exactly its declared size (`document/corrupt`).
 */
export function docxForMammoth(bytes: Uint8Array): Uint8Array | DocxRefusal {
  try {
    const { entries, directoryStart } = zipDirectory(bytes);
    const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
    if (declared > DOCX_INFLATE_BUDGET_BYTES) return "document/too-big-to-read";
    const parts: Record<string, Uint8Array> = {};
    const names = new Set<string>();
    let previousEnd = 0;
    for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
      // Overlapping entries are how one compressed stream is counted many times (the "better zip bomb").
      if (entry.localOffset < previousEnd) throw new Damaged();
      const { dataStart, dataEnd } = localEntry(bytes, entry, directoryStart);
      previousEnd = dataEnd;
      if (names.has(entry.name)) throw new Damaged();
      names.add(entry.name);
      if (READ_PART.test(entry.name)) parts[entry.name] = inflateEntry(bytes.subarray(dataStart, dataEnd), entry);
    }
    return zipSync(parts, { level: 0 });
  } catch {
    return "document/corrupt";
  }
}
