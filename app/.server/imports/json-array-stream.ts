// A top-level JSON array read a chunk at a time (decision 0040-import-chatgpt): ChatGPT's conversations.json can be far
// larger than a Worker's 128 MB, but each conversation in it is small. The reader only finds where each element of the
// array begins and ends (tracking strings, escapes and nesting depth byte by byte: every structural character of JSON
// is ASCII, and no byte of a multi-byte UTF-8 character is below 0x80), then hands that element's bytes to JSON.parse,
// which does all the validating. So at most one element (capped) and one chunk are held at a time. Written here rather
// than taken from a library: the scanner is ~100 lines with no state beyond a depth counter, JSON.parse stays the
// parser, and the streaming parsers on npm either build the whole tree or are unmaintained for Workers.
import { joinBytes } from "../http/request";

/** Why the bytes are not a JSON array of elements the reader can hand over. */
export class JsonStreamError extends Error {
  constructor(
    readonly reason: "not-array" | "malformed" | "element-too-large",
    message = reason,
  ) {
    super(message);
  }
}

const State = {
  /** Before the opening `[` (whitespace and a byte-order mark allowed). */
  Start: 0,
  /** After `[` or a `,`: an element must come (or `]` right after `[`). */
  BeforeElement: 1,
  InElement: 2,
  /** After an element: `,` or `]`. */
  AfterElement: 3,
  /** After the closing `]`: only whitespace. */
  Done: 4,
} as const;
type State = (typeof State)[keyof typeof State];

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Splits a JSON array arriving in chunks into its elements, parsed one at a time. `push` answers the elements that
 * ended in that chunk; `end` checks the array was closed. An element over `maxElementBytes` is refused as soon as it
 * passes the cap, before it is parsed.
 */
export class JsonArraySplitter {
  private state: State = State.Start;
  /** A `,` was just read: `]` may not follow. */
  private afterComma = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private count = 0;
  private parts: Uint8Array[] = [];
  private partsBytes = 0;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  constructor(private readonly maxElementBytes: number) {}

  /** How many elements have been handed over so far. */
  get elements(): number {
    return this.count;
  }

  push(chunk: Uint8Array): unknown[] {
    const out: unknown[] = [];
    let elementFrom = this.state === State.InElement ? 0 : -1;
    for (let at = 0; at < chunk.length; at += 1) {
      const byte = chunk[at]!;
      switch (this.state) {
        case State.Start:
          if (isSpace(byte) || (this.count === 0 && at < 3 && (byte === 0xef || byte === 0xbb || byte === 0xbf))) continue;
          if (byte === OPEN_ARRAY) this.state = State.BeforeElement;
          else throw new JsonStreamError(byte === OPEN_OBJECT ? "not-array" : "malformed");
          continue;
        case State.BeforeElement:
          if (isSpace(byte)) continue;
          if (byte === CLOSE_ARRAY && this.count === 0 && !this.afterComma) {
            this.state = State.Done;
            continue;
          }
          if (byte === CLOSE_ARRAY || byte === COMMA) throw new JsonStreamError("malformed");
          this.state = State.InElement;
          elementFrom = at;
          this.depth = 0;
          this.inString = false;
          this.escaped = false;
          // Falls through to read this first byte as part of the element.
          break;
        case State.AfterElement:
          if (isSpace(byte)) continue;
          if (byte === COMMA) {
            this.state = State.BeforeElement;
            this.afterComma = true;
          } else if (byte === CLOSE_ARRAY) this.state = State.Done;
          else throw new JsonStreamError("malformed");
          continue;
        case State.Done:
          if (!isSpace(byte)) throw new JsonStreamError("malformed");
          continue;
        case State.InElement:
          break;
      }
      // In an element: find its end.
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.depth === 0) out.push(this.finish(chunk, elementFrom, at + 1));
        }
        continue;
      }
      if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.depth += 1;
      else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (this.depth === 0) {
          // A bare value (number, true…) ended by the array's `]`.
          out.push(this.finish(chunk, elementFrom, at));
          this.state = State.Done;
          continue;
        }
        this.depth -= 1;
        if (this.depth === 0) out.push(this.finish(chunk, elementFrom, at + 1));
      } else if (this.depth === 0 && (byte === COMMA || isSpace(byte))) {
        // A bare value ended by a comma or a space.
        out.push(this.finish(chunk, elementFrom, at));
        if (byte === COMMA) {
          this.state = State.BeforeElement;
          this.afterComma = true;
        }
      }
    }
    if (this.state === State.InElement) this.keep(chunk.subarray(Math.max(elementFrom, 0)));
    return out;
  }

  /** Checks the array was closed (a cut-short file ends inside it). */
  end(): void {
    if (this.state !== State.Done) throw new JsonStreamError("malformed");
  }

  private keep(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.partsBytes += bytes.length;
    if (this.partsBytes > this.maxElementBytes) throw new JsonStreamError("element-too-large");
    // The chunk's buffer may be reused by its reader: keep a copy.
    this.parts.push(bytes.slice());
  }

  /** The element that ended at `to` (exclusive) in `chunk`, parsed; the reader then waits for `,` or `]`. */
  private finish(chunk: Uint8Array, from: number, to: number): unknown {
    this.keep(chunk.subarray(Math.max(from, 0), to));
    const bytes = this.parts.length === 1 ? this.parts[0]! : joinBytes(this.parts, this.partsBytes);
    this.parts = [];
    this.partsBytes = 0;
    this.state = State.AfterElement;
    this.afterComma = false;
    this.count += 1;
    try {
      return JSON.parse(this.decoder.decode(bytes));
    } catch {
      throw new JsonStreamError("malformed");
    }
  }
}
