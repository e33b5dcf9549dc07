// Reading a request's body for a route: the method, the declared type and the size are checked before anything is
// parsed, and every way a body can be wrong becomes an AppError (405, 400, 413) instead of a parser's TypeError
// (which the route layer could only answer with a 500). Framework-free: Request in, data or AppError out.
// This is the one body reader (SECURITY.md "Request bodies"): the size is counted while the body arrives, so a chunked
// body without Content-Length stops at its cap. A lint rule (eslint.config.js) refuses request.json() and the like
// anywhere else.
import { AppError, type ErrorCode } from "../errors";

/** A page with a form: its loader answers GET (and HEAD), its action POST. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
/** A resource route that only takes posts. */
export const POST_ONLY = ["POST"] as const;

/** Larger than any form of text fields; forms that carry a file say their own limit. */
export const FORM_MAX_BYTES = 64 * 1024;
export const JSON_MAX_BYTES = 64 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export interface BodyOptions {
  /** Every method the route answers (the Allow header of a 405). */
  allow?: readonly string[];
  maxBytes?: number;
  /** The error for a body over `maxBytes` (an upload's own message). */
  tooLarge?: ErrorCode;
}

/** A 405 that names what the route does take. */
export function requireMethod(request: Request, allow: readonly string[]): void {
  if (!allow.includes(request.method)) throw new AppError("request/method-not-allowed", { allow });
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body's bytes, refused as soon as it is larger than `maxBytes` (declared or not: a chunked body is counted). */
async function readCapped(request: Request, maxBytes: number, tooLarge: ErrorCode): Promise<Uint8Array<ArrayBuffer>> {
  return readCappedBody(request, maxBytes, () => new AppError(tooLarge));
}

/**
 * A request's or a fetched response's body, counted as it arrives and cancelled once past `maxBytes` (then
 * `tooLarge()` is thrown), so a body without Content-Length, or with a false one, is never read whole.
 */
export async function readCappedBody(message: Request | Response, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(message.headers.get("Content-Length") ?? "0") > maxBytes) {
    await message.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return joinBytes(chunks, size);
}

/** Chunks read from a stream, as one array of `size` bytes (their total). */
export function joinBytes(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A form post's fields: only for the route's methods (else 405), only form data (url-encoded or multipart, else 400),
 * at most `maxBytes` (else 413), and a body that parses (else 400).
 */
export async function readForm(request: Request, options: BodyOptions = {}): Promise<FormData> {
  requireMethod(request, options.allow ?? PAGE_METHODS);
  if (!FORM_TYPES.includes(mediaType(request))) throw new AppError("request/invalid");
  const bytes = await readCapped(request, options.maxBytes ?? FORM_MAX_BYTES, options.tooLarge ?? "request/too-large");
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch (cause) {
    throw new AppError("request/invalid", { cause });
  }
}

/** A form's text fields as a plain object, for a schema to check (files are left out). */
export function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export interface UploadedFile {
  file: File;
  bytes: Uint8Array;
}

/** A form's file field with its bytes, read once for every check that follows; null when there is no file. */
export async function formFile(form: FormData, name: string): Promise<UploadedFile | null> {
  const file = form.get(name);
  if (!file || typeof file === "string") return null;
  return { file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** A JSON post's value, under the same rules as readForm (the type must be application/json). */
export async function readJson(request: Request, options: BodyOptions = {}): Promise<unknown> {
  requireMethod(request, options.allow ?? POST_ONLY);
  if (mediaType(request) !== "application/json") throw new AppError("request/invalid");
  const bytes = await readCapped(request, options.maxBytes ?? JSON_MAX_BYTES, options.tooLarge ?? "request/too-large");
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (cause) {
    throw new AppError("request/invalid", { cause });
  }
}

/** The raw body (a signed webhook's payload, whose signature covers these exact bytes), under the same method and size rules. */
export async function readBytes(request: Request, options: BodyOptions & { maxBytes: number }): Promise<Uint8Array<ArrayBuffer>> {
  requireMethod(request, options.allow ?? POST_ONLY);
  return readCapped(request, options.maxBytes, options.tooLarge ?? "request/too-large");
}

/** The raw body as UTF-8 text (invalid bytes are replaced, as Request.text() does; a signature check then fails). */
export async function readText(request: Request, options: BodyOptions & { maxBytes: number }): Promise<string> {
  return new TextDecoder().decode(await readBytes(request, options));
}
