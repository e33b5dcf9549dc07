// Reading an uploaded ChatGPT export from R2 in bounded memory (decision 0040-import-chatgpt, SECURITY.md "Importing
// from ChatGPT"): the upload (up to 100 MB, mostly images and audio) is never read whole. A ZIP's end record and
// directory are read by range and checked by documents/zip-directory.ts; then conversations.json's bytes (in the ZIP,
// inflated as they stream under its declared size, or the bare file) flow through json-array-stream.ts, which hands
// over one conversation at a time, and each prepared batch is written out before the next is read.
import { Inflate } from "fflate";
import { findEndRecord, localEntry, zipDirectory, ZipRefusal, type ZipEntry } from "../documents/zip-directory";
import { ChatgptConversationReader, conversationBytes, FormatError, IMPORT_PART_SIZE, type FormatRefusal, type ImportedConversation } from "./chatgpt-format";
import { JsonArraySplitter, JsonStreamError } from "./json-array-stream";

/** The largest upload taken (a ChatGPT export's ZIP holds the conversations and every image and voice clip). */
export const MAX_IMPORT_UPLOAD_BYTES = 100 * 1024 * 1024;
/**
 * The largest conversations.json read (inflated, from a ZIP; a bare one is capped by the upload): it is streamed, so
 * this bounds the work of one request (a deflated file of spaces inflates about 1,000:1), not its memory.
 */
export const MAX_CONVERSATIONS_JSON_BYTES = 512 * 1024 * 1024;
/** The largest single conversation: the one thing held whole (as its JSON text and then its parsed tree). */
export const MAX_CONVERSATION_JSON_BYTES = 16 * 1024 * 1024;
/** A ZIP's central directory read at most (a few hundred thousand entries). */
const MAX_ZIP_DIRECTORY_BYTES = 32 * 1024 * 1024;

const END_SEARCH_BYTES = 22 + 0xffff;
/** A local header's fixed part plus the longest name and extra field it can have. */
const LOCAL_HEADER_MOST = 30 + 0xffff + 0xffff;
const ZIP_MAGIC = [0x50, 0x4b];

export type FileRefusal = FormatRefusal | "import/corrupt" | "import/json-too-large" | "import/invalid-type";

/** What was read: each conversation's id and the bytes it keeps (for the quota), in the order they were written. */
export type ExportSummary = { id: string; bytes: number }[];

class Damaged extends Error {}
/** Writing a batch failed: R2's error, not the file's fault (never answered as "corrupt"). */
class WriteFailed extends Error {}

async function range(bucket: R2Bucket, key: string, offset: number, length: number): Promise<Uint8Array> {
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new ZipRefusal("gone");
  return new Uint8Array(await object.arrayBuffer());
}

async function* streamOf(bucket: R2Bucket, key: string, offset: number, length: number): AsyncGenerator<Uint8Array> {
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new ZipRefusal("gone");
  const reader = object.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/** The entry's bytes as they inflate, exactly its declared size or Damaged (stops as soon as it passes that size). */
async function* inflating(compressed: AsyncGenerator<Uint8Array>, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  let length = 0;
  if (entry.method === 0) {
    for await (const chunk of compressed) {
      length += chunk.length;
      if (length > entry.size) throw new Damaged();
      yield chunk;
    }
  } else if (entry.method === 8) {
    let out: Uint8Array[] = [];
    let ended = false;
    const inflate = new Inflate((chunk, final) => {
      length += chunk.length;
      if (length > entry.size) throw new Damaged();
      out.push(chunk);
      ended ||= final;
    });
    // At deflate's most (about 1,032:1) 4 KB of input makes at most 4.2 MB of output before the size is checked.
    const step = 4 * 1024;
    for await (const chunk of compressed) {
      for (let at = 0; at < chunk.length; at += step) {
        try {
          inflate.push(chunk.subarray(at, at + step));
        } catch {
          throw new Damaged();
        }
        yield* out;
        out = [];
      }
    }
    try {
      inflate.push(new Uint8Array(0), true);
    } catch {
      throw new Damaged();
    }
    yield* out;
    if (!ended) throw new Damaged();
  } else throw new Damaged();
  if (length !== entry.size) throw new Damaged();
}

/** conversations.json's bytes as they inflate from a ZIP in R2 (at the archive's top or in one folder), or why not. */
async function jsonFromZip(bucket: R2Bucket, key: string, size: number): Promise<AsyncGenerator<Uint8Array> | FileRefusal> {
  const tailStart = Math.max(0, size - END_SEARCH_BYTES);
  const tail = await range(bucket, key, tailStart, size - tailStart);
  const end = findEndRecord(new DataView(tail.buffer, tail.byteOffset, tail.byteLength));
  const directoryStart = new DataView(tail.buffer, tail.byteOffset).getUint32(end + 16, true);
  const base = Math.min(directoryStart, tailStart);
  if (base < tailStart && size - base > MAX_ZIP_DIRECTORY_BYTES) return "import/corrupt";
  const directory = base < tailStart ? await range(bucket, key, base, size - base) : tail;
  const { entries, directoryStart: start } = zipDirectory(directory, base);
  const found = entries.filter((entry) => /^(?:[^/]+\/)?conversations\.json$/.test(entry.name));
  if (found.length !== 1) return "import/not-chatgpt-export";
  const entry = found[0]!;
  if (entry.size > MAX_CONVERSATIONS_JSON_BYTES) return "import/json-too-large";
  const local = await range(bucket, key, entry.localOffset, Math.min(LOCAL_HEADER_MOST, start - entry.localOffset));
  const { dataStart, dataEnd } = localEntry(local, entry, start, entry.localOffset);
  return inflating(streamOf(bucket, key, dataStart, dataEnd - dataStart), entry);
}

/**
 * Reads the export at `key` (a ZIP, or conversations.json itself) a conversation at a time, handing each batch of
 * IMPORT_PART_SIZE prepared conversations (and the last, smaller one) to `write` before reading on. Answers what was
 * written, or why it cannot be imported: not a ZIP or JSON (invalid-type), a ZIP the bounded reader refuses or whose
 * conversations.json does not inflate to its declared size, malformed JSON (corrupt), conversations.json over
 * MAX_CONVERSATIONS_JSON_BYTES or one conversation over MAX_CONVERSATION_JSON_BYTES (json-too-large), and
 * chatgpt-format.ts's refusals. After a refusal, the batches already written are the caller's to delete.
 */
export async function readChatgptExport(
  bucket: R2Bucket,
  key: string,
  size: number,
  write: (batch: ImportedConversation[], index: number) => Promise<void>,
): Promise<ExportSummary | FileRefusal> {
  const splitter = new JsonArraySplitter(MAX_CONVERSATION_JSON_BYTES);
  const reader = new ChatgptConversationReader();
  const summary: ExportSummary = [];
  let batch: ImportedConversation[] = [];
  let batches = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await write(batch, batches).catch((error: unknown) => {
      throw new WriteFailed("writing a batch failed", { cause: error });
    });
    batches += 1;
    batch = [];
  };
  try {
    const head = await range(bucket, key, 0, Math.min(size, 64));
    const text = new TextDecoder()
      .decode(head)
      .replace(/^\uFEFF/, "")
      .trimStart();
    let bytes: AsyncGenerator<Uint8Array> | FileRefusal;
    if (head[0] === ZIP_MAGIC[0] && head[1] === ZIP_MAGIC[1]) bytes = await jsonFromZip(bucket, key, size);
    else if (text.startsWith("[") || text.startsWith("{")) bytes = streamOf(bucket, key, 0, size);
    else return "import/invalid-type";
    if (typeof bytes === "string") return bytes;
    for await (const chunk of bytes) {
      for (const item of splitter.push(chunk)) {
        const conversation = reader.add(item);
        if (!conversation) continue;
        summary.push({ id: conversation.id, bytes: conversationBytes(conversation) });
        batch.push(conversation);
        if (batch.length === IMPORT_PART_SIZE) await flush();
      }
    }
    splitter.end();
  } catch (error) {
    if (error instanceof FormatError) return error.code;
    if (error instanceof JsonStreamError)
      return error.reason === "not-array" ? "import/not-chatgpt-export" : error.reason === "element-too-large" ? "import/json-too-large" : "import/corrupt";
    if (error instanceof WriteFailed) throw error.cause;
    // zip-directory's refusals, the inflater's (a bomb stops past its declared size) and a vanished upload alike.
    return "import/corrupt";
  }
  const refusal = reader.end();
  if (refusal) return refusal;
  await flush();
  return summary;
}
