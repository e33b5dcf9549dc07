// Types for fake-graph.mjs (the project compiles TypeScript with allowJs off).
export interface FakeGraphOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The only bearer token accepted; default "test-access-token". */
  accessToken?: string;
  /** Print one line per request. */
  log?: boolean;
}

/** How a multipart upload appears in the log: the fields, and the file's type and size (not its bytes). */
export interface FakeGraphMultipartLog {
  fields: Record<string, string>;
  file: { type: string; size: number; name: string } | null;
  error?: string;
}

export interface FakeGraphRequest {
  method: string;
  /** The path without the query, e.g. "/123456/messages" or "/__media/1034..." */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON, a FakeGraphMultipartLog for an upload, the raw text when not JSON, or null without a body. */
  body: unknown;
  /** The status answered; 0 while the request is still being delayed. */
  status: number;
  /** For an endless-media download: the bytes written before the reader stopped. */
  sent?: number;
}

/** Graph's error envelope, as the fake answers every failure. */
export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data?: { messaging_product?: string; details: string };
    fbtrace_id: string;
  };
}

export interface FakeGraph {
  /** "http://127.0.0.1:PORT": what WHATSAPP_GRAPH_URL should be. */
  url: string;
  origin: string;
  port: number;
  accessToken: string;
  close(): Promise<void>;
  /** A copy of the request log (control endpoints excluded), oldest first. */
  requests(): FakeGraphRequest[];
  /** Clears the log and pending failures and delays; stored media stay. */
  reset(): void;
  /** Stores media (as if a user had sent it) and returns its id for GET /{media_id}. */
  addMedia(bytes: Uint8Array | ArrayBuffer | string, mimeType: string): string;
  /** An uploaded or added media item, to check what the app uploaded. */
  getMedia(id: string): { bytes: Uint8Array; mimeType: string; sha256: string } | undefined;
  /** The next `count` requests answer `status` with Graph's error body for it (or `body`). Replaces pending ones. */
  failNext(count: number, status?: number, body?: unknown): void;
  /** The next `count` requests wait `ms` before being handled. Replaces pending ones. */
  delayNext(count: number, ms: number): void;
}

export function startFakeGraph(options?: FakeGraphOptions): Promise<FakeGraph>;
