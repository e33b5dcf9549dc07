// Reading an uploaded ChatGPT export from R2 in bounded memory (decision 0040-import-chatgpt, SECURITY.md "Importing
// from ChatGPT"): the upload (up to 100 MB, mostly images and audio) is never read whole. A ZIP's end record and
// directory are read by range and checked by documents/zip-directory.ts, then only conversations.json's bytes are
// fetched and inflated under its own cap (docx-parts.ts's inflater, which stops past the declared size); a bare JSON
// file is read only when it is under the same cap. Then it is parsed and turned into conversations (chatgpt-format.ts).
import { inflateEntry } from "../documents/docx-parts";
import { findEndRecord, localEntry, zipDirectory, ZipRefusal } from "../documents/zip-directory";
import { chatgptConversations, type FormatRefusal, type ImportedConversation } from "./chatgpt-format";

/** The largest upload taken (a ChatGPT export's ZIP holds the conversations and every image and voice clip). */
export const MAX_IMPORT_UPLOAD_BYTES = 100 * 1024 * 1024;
/** The largest conversations.json read: it is parsed whole, and a Worker has 128 MB (decision 0040-import-chatgpt). */
export const MAX_CONVERSATIONS_JSON_BYTES = 32 * 1024 * 1024;

const END_SEARCH_BYTES = 22 + 0xffff;
/** A local header's fixed part plus the longest name and extra field it can have. */
const LOCAL_HEADER_MOST = 30 + 0xffff + 0xffff;
const ZIP_MAGIC = [0x50, 0x4b];

export type FileRefusal = FormatRefusal | "import/corrupt" | "import/json-too-large" | "import/invalid-type";

async function range(bucket: R2Bucket, key: string, offset: number, length: number): Promise<Uint8Array> {
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new ZipRefusal("gone");
  return new Uint8Array(await object.arrayBuffer());
}

/** conversations.json's bytes from a ZIP in R2 (at the archive's top or in one folder), or why not. */
async function jsonFromZip(bucket: R2Bucket, key: string, size: number): Promise<Uint8Array | FileRefusal> {
  const tailStart = Math.max(0, size - END_SEARCH_BYTES);
  const tail = await range(bucket, key, tailStart, size - tailStart);
  const end = findEndRecord(new DataView(tail.buffer, tail.byteOffset, tail.byteLength));
  const directoryStart = new DataView(tail.buffer, tail.byteOffset).getUint32(end + 16, true);
  const base = Math.min(directoryStart, tailStart);
  if (base < tailStart && size - base > MAX_CONVERSATIONS_JSON_BYTES) return "import/corrupt";
  const directory = base < tailStart ? await range(bucket, key, base, size - base) : tail;
  const { entries, directoryStart: start } = zipDirectory(directory, base);
  const found = entries.filter((entry) => /^(?:[^/]+\/)?conversations\.json$/.test(entry.name));
  if (found.length !== 1) return "import/not-chatgpt-export";
  const entry = found[0]!;
  if (entry.size > MAX_CONVERSATIONS_JSON_BYTES) return "import/json-too-large";
  const local = await range(bucket, key, entry.localOffset, Math.min(LOCAL_HEADER_MOST + entry.compressedSize, start - entry.localOffset));
  const { dataStart, dataEnd } = localEntry(local, entry, start, entry.localOffset);
  return inflateEntry(local.subarray(dataStart - entry.localOffset, dataEnd - entry.localOffset), entry);
}

/**
 * The conversations of the export at `key` (a ZIP, or conversations.json itself), or why it cannot be imported: not a
 * ZIP or JSON (invalid-type), a ZIP the bounded reader refuses or whose conversations.json does not inflate to its
 * declared size, malformed JSON (corrupt), conversations.json over MAX_CONVERSATIONS_JSON_BYTES (json-too-large), and
 * chatgpt-format.ts's refusals.
 */
export async function readChatgptExport(bucket: R2Bucket, key: string, size: number): Promise<ImportedConversation[] | FileRefusal> {
  let json: Uint8Array | FileRefusal;
  try {
    const head = await range(bucket, key, 0, Math.min(size, 64));
    const text = new TextDecoder().decode(head).trimStart();
    if (head[0] === ZIP_MAGIC[0] && head[1] === ZIP_MAGIC[1]) json = await jsonFromZip(bucket, key, size);
    else if (text.startsWith("[") || text.startsWith("{"))
      json = size > MAX_CONVERSATIONS_JSON_BYTES ? "import/json-too-large" : await range(bucket, key, 0, size);
    else return "import/invalid-type";
  } catch {
    // zip-directory's refusals, the inflater's (a bomb stops past its declared size) and a vanished upload alike.
    return "import/corrupt";
  }
  if (typeof json === "string") return json;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    return "import/corrupt";
  }
  return chatgptConversations(parsed);
}
