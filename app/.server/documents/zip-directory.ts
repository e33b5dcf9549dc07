// A ZIP's central directory, read with explicit bounds (SECURITY.md "Documents in chat", decision 0031): the upload's
// DOCX check runs this in the page-serving worker, so nothing here may cost more than the file's size allows. Only
// the end record (in the last 64 KB + 22 bytes) and the directory it names are read; every count, size and offset is
// the sender's word and is checked against the bytes before it is used. ZIP64, split archives and encrypted entries
// are refused: a DOCX needs none of them, and ZIP64's 8-byte counts are how a 102-byte file declares 10^8 entries.

/** More entries than any DOCX has (Word writes a few dozen; one with many images a few hundred). */
export const MAX_ZIP_ENTRIES = 10_000;

const END_RECORD = 0x06054b50;
const END_RECORD_BYTES = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_LOCATOR_BYTES = 20;
const DIRECTORY_HEADER = 0x02014b50;
const DIRECTORY_HEADER_BYTES = 46;
const LOCAL_HEADER = 0x04034b50;
export const LOCAL_HEADER_BYTES = 30;
const MAX_COMMENT_BYTES = 0xffff;

export interface ZipEntry {
  name: string;
  /** The name's own bytes, compared byte for byte with the local header's. */
  nameBytes: Uint8Array;
  flags: number;
  /** 0 stored, 8 deflated; nothing else is read. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts (always before the directory). */
  localOffset: number;
}

/** Why a ZIP is not read: the upload says `upload/invalid-type`, the reader `document/corrupt`. */
export class ZipRefusal extends Error {}

type Reader = Pick<DataView, "getUint16" | "getUint32">;
const u16 = (view: Reader, at: number) => view.getUint16(at, true);
const u32 = (view: Reader, at: number) => view.getUint32(at, true);
/** Reads the file's offsets from `bytes`, which start at the file's offset `base`. */
function readerFrom(bytes: Uint8Array, base: number): Reader {
  const whole = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { getUint16: (at, little) => whole.getUint16(at - base, little), getUint32: (at, little) => whole.getUint32(at - base, little) };
}
const refuse = (why: string): never => {
  throw new ZipRefusal(why);
};

/** The end record's offset: the last signature whose comment runs exactly to the end of the file. */
export function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_RECORD_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--) {
    if (u32(view, at) === END_RECORD && u16(view, at + 20) === view.byteLength - at - END_RECORD_BYTES) return at;
  }
  return refuse("no end record");
}

/**
 * The archive's entries, in directory order, and where the directory starts (every entry lies before it), or ZipRefusal. Refused: no end record; ZIP64 (a locator before the end
 * record, or any count, size or offset at its "see ZIP64" value); more than one disk; more than MAX_ZIP_ENTRIES, or
 * more than the directory's size can hold at 46 bytes each; a directory that does not end before the end record; a
 * header reaching outside the directory or a directory not filled exactly by its headers; a local header offset at or
 * past the directory; an encrypted entry.
 */
export function zipDirectory(bytes: Uint8Array, base = 0): { entries: ZipEntry[]; directoryStart: number } {
  if (bytes.length < END_RECORD_BYTES) refuse("too short");
  // `bytes` may be the file's tail from offset `base` (an archive read from R2 by ranges): offsets stay the file's.
  const view = readerFrom(bytes, base);
  const end = base + findEndRecord(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (end >= ZIP64_LOCATOR_BYTES && u32(view, end - ZIP64_LOCATOR_BYTES) === ZIP64_LOCATOR) refuse("ZIP64");
  const disk = u16(view, end + 4);
  const directoryDisk = u16(view, end + 6);
  const entriesHere = u16(view, end + 8);
  const count = u16(view, end + 10);
  const directorySize = u32(view, end + 12);
  const directoryStart = u32(view, end + 16);
  if (count === 0xffff || entriesHere === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) refuse("ZIP64");
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== count) refuse("split archive");
  if (count > MAX_ZIP_ENTRIES) refuse("too many entries");
  if (count * DIRECTORY_HEADER_BYTES > directorySize) refuse("more entries than the directory holds");
  const directoryEnd = directoryStart + directorySize;
  if (directoryEnd > end || directoryStart < base) refuse("directory outside the file");

  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index++) {
    if (at + DIRECTORY_HEADER_BYTES > directoryEnd || u32(view, at) !== DIRECTORY_HEADER) refuse("header outside the directory");
    const flags = u16(view, at + 8);
    const compressedSize = u32(view, at + 20);
    const size = u32(view, at + 24);
    const nameLength = u16(view, at + 28);
    const next = at + DIRECTORY_HEADER_BYTES + nameLength + u16(view, at + 30) + u16(view, at + 32);
    if (next > directoryEnd) refuse("header outside the directory");
    if (u16(view, at + 34) !== 0) refuse("split archive");
    const localOffset = u32(view, at + 42);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) refuse("ZIP64");
    if (localOffset + LOCAL_HEADER_BYTES > directoryStart) refuse("local header outside the entries");
    if (flags & 1) refuse("encrypted");
    const nameBytes = bytes.subarray(at - base + DIRECTORY_HEADER_BYTES, at - base + DIRECTORY_HEADER_BYTES + nameLength);
    entries.push({ name: decoder.decode(nameBytes), nameBytes, flags, method: u16(view, at + 10), crc: u32(view, at + 16), compressedSize, size, localOffset });
    at = next;
  }
  if (at !== directoryEnd) refuse("directory not filled by its headers");
  return { entries, directoryStart };
}

/** Where an entry's compressed bytes start, once its local header is read and found to be what the directory says. */
export interface LocalEntry {
  dataStart: number;
  dataEnd: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

/**
 * The entry's local header, checked against its directory header: the same name, compression method and sizes (with
 * a data descriptor, bit 3, the local sizes may be 0 instead), and its data inside the entries' area. Two parsers that
 * trust different headers (the directory here, a local header in another reader) would read different bytes.
 */
export function localEntry(bytes: Uint8Array, entry: ZipEntry, directoryStart: number, base = 0): LocalEntry {
  const view = readerFrom(bytes, base);
  const at = entry.localOffset;
  if (u32(view, at) !== LOCAL_HEADER) refuse("no local header");
  const flags = u16(view, at + 6);
  const method = u16(view, at + 8);
  const compressedSize = u32(view, at + 18);
  const size = u32(view, at + 22);
  const nameLength = u16(view, at + 26);
  const dataStart = at + LOCAL_HEADER_BYTES + nameLength + u16(view, at + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > directoryStart) refuse("entry data outside the entries");
  if (!sameBytes(bytes.subarray(at - base + LOCAL_HEADER_BYTES, at - base + LOCAL_HEADER_BYTES + nameLength), entry.nameBytes)) refuse("names differ");
  if (method !== entry.method || (flags & 1) !== 0) refuse("methods differ");
  const deferred = (flags & 8) !== 0 && compressedSize === 0 && size === 0;
  if (!deferred && (compressedSize !== entry.compressedSize || size !== entry.size)) refuse("sizes differ");
  return { dataStart, dataEnd };
}
