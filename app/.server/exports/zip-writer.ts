// A ZIP written straight into an R2 multipart upload, never whole in memory (decision 0018). fflate's streaming Zip
// emits bytes through a synchronous callback; they are cut into parts of exactly PART_SIZE (R2 wants every part but
// the last the same size, and at least 5 MiB) and each full part is uploaded as soon as it exists. So the worker holds
// at most about one part plus the chunk being added, whatever the archive's size.
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** R2's smallest part (5 MiB); every part but the last must be exactly this size. */
export const PART_SIZE = 5 * 1024 * 1024;

/** Cuts a byte stream into fixed-size parts of one R2 multipart upload. */
export class R2PartWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly parts: R2UploadedPart[] = [];
  /** Bytes written so far (the archive's size once finished). */
  bytes = 0;

  constructor(
    private readonly upload: R2MultipartUpload,
    private readonly partSize = PART_SIZE,
  ) {}

  write(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.byteLength;
    this.bytes += chunk.byteLength;
  }

  /** Uploads every full part waiting; what is left stays for the next one. */
  async drain(): Promise<void> {
    while (this.pendingBytes >= this.partSize) await this.uploadPart(this.take(this.partSize));
  }

  /** Uploads the rest as the last part and completes the upload. */
  async finish(): Promise<R2Object> {
    await this.drain();
    if (this.pendingBytes > 0 || this.parts.length === 0) await this.uploadPart(this.take(this.pendingBytes));
    return this.upload.complete(this.parts);
  }

  private take(size: number): Uint8Array {
    const part = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const head = this.pending[0]!;
      const used = Math.min(head.byteLength, size - filled);
      part.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.byteLength) this.pending.shift();
      else this.pending[0] = head.subarray(used);
    }
    this.pendingBytes -= size;
    return part;
  }

  private async uploadPart(part: Uint8Array): Promise<void> {
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
  }
}

/**
 * Files are added one after another (each finished before the next starts, so fflate streams instead of buffering the
 * files behind it). Text is deflated; pictures, already compressed, are stored as they are.
 */
export class StreamingZip {
  private readonly zip: Zip;
  private error: Error | null = null;

  constructor(private readonly out: R2PartWriter) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.error = error;
      else this.out.write(chunk);
    });
  }

  private check() {
    if (this.error) throw this.error;
  }

  async addText(name: string, text: string, modified: number): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = modified;
    this.zip.add(file);
    file.push(strToU8(text), true);
    this.check();
    await this.out.drain();
  }

  /**
   * Writes a text file made piece by piece (a long thread read page by page, exports/chats.ts): each piece is deflated
   * and uploaded as it comes, so the file is never whole in memory.
   */
  async addTextParts(name: string, parts: AsyncIterable<string>, modified: number): Promise<void> {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = modified;
    this.zip.add(file);
    for await (const part of parts) {
      if (part === "") continue;
      file.push(strToU8(part));
      this.check();
      await this.out.drain();
    }
    file.push(new Uint8Array(0), true);
    this.check();
    await this.out.drain();
  }

  /** Streams a body (an R2 object's) into the archive chunk by chunk. */
  async addStream(name: string, body: ReadableStream<Uint8Array>, modified: number): Promise<void> {
    const file = new ZipPassThrough(name);
    file.mtime = modified;
    this.zip.add(file);
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      file.push(value);
      this.check();
      await this.out.drain();
    }
    file.push(new Uint8Array(0), true);
    this.check();
    await this.out.drain();
  }

  /** Writes the central directory and completes the upload. */
  async finish(): Promise<R2Object> {
    this.zip.end();
    this.check();
    return this.out.finish();
  }
}

/**
 * A JSON array read in pages, as the pieces of one file: the same text JSON.stringify(items, null, 2) makes of the
 * whole array, without ever holding it.
 */
export async function* jsonArrayParts<Item>(pages: AsyncIterable<Item[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const page of pages)
    for (const item of page) {
      yield `${first ? "" : ","}\n  ${JSON.stringify(item, null, 2).replace(/\n/g, "\n  ")}`;
      first = false;
    }
  yield first ? "]\n" : "\n]\n";
}
