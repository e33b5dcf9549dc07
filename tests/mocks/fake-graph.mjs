#!/usr/bin/env node
// A fake of Meta's WhatsApp Cloud API (Graph API) for tests and local trials, speaking its real wire format
// (../shared/PROVIDERS.md "WhatsApp Cloud API"), so the app's real sending, upload and media download code runs end
// to end without Meta. Listens on 127.0.0.1 only. The app is pointed at it with WHATSAPP_GRAPH_URL=<url> and calls
//   POST {url}/{phone_number_id}/messages   text, image, audio (an uploaded Ogg/Opus voice note), template, or "mark read (+ typing)"
//   POST {url}/{phone_number_id}/media      multipart upload -> {id}
//   GET  {url}/{media_id}                   -> {url, mime_type, sha256, file_size, id}; then GET that url (bearer)
// A version segment (e.g. {url}/v26.0/...) is accepted and ignored, so a copied production base URL also works.
//
// Control endpoints (no token, never logged, never failed or delayed), for tests running inside workerd, which
// cannot reach the Node object:
//   GET  /__requests   the request log (JSON)      POST /__reset  clear the log, failures and delays (media stay)
//   POST /__fail   {count, status?, body?, scope?}         POST /__delay  {count, ms}
//   POST /__media  raw bytes + Content-Type -> {id}: an "incoming" image the app can then download; with
//                  ?linkHost=<host> its media URL names that host (same port) instead of the fake's own
//   POST /__voice-note  -> {id}: an incoming voice note (2 s of Ogg/Opus, as WhatsApp records them)
//   POST /__endless-media {bytes} -> {id}: a voice note whose metadata claims 2 s of Ogg/Opus but whose download
//                  streams `bytes` bytes, chunked, without Content-Length; its journal entry counts `sent` bytes
//
//   import { startFakeGraph } from "./fake-graph.mjs";
//   const graph = await startFakeGraph();   // { url: "http://127.0.0.1:PORT", requests, failNext, ... }
//
//   node tests/mocks/fake-graph.mjs [port] [--access-token TOKEN]
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { silentOggOpus } from "./fake-audio.mjs";

const JSON_HEADERS = { "Content-Type": "application/json; charset=UTF-8" };
/** Meta caps a text message's body at 4096 characters and a media caption at 1024. */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;

const traceId = () => randomBytes(8).toString("base64").replace(/[+/=]/g, "A");

/** Graph's error envelope; every Graph failure looks like this, so the app's error parsing is exercised. */
function graphError(message, code, extra = {}) {
  return { error: { message, type: "OAuthException", code, ...extra, fbtrace_id: traceId() } };
}

const invalidParameter = (details) => graphError("(#100) Invalid parameter", 100, { error_data: { messaging_product: "whatsapp", details } });

/** The body failNext() answers with when the test gives none: what Meta sends for that kind of status. */
function failureBody(status) {
  if (status === 429) {
    return graphError("(#130429) Rate limit hit", 130429, {
      error_data: { messaging_product: "whatsapp", details: "Cloud API message throughput has been reached." },
    });
  }
  if (status === 401) return graphError("Invalid OAuth access token.", 190);
  if (status >= 500) {
    return graphError("(#131000) Something went wrong", 131000, { error_data: { messaging_product: "whatsapp", details: "Something went wrong" } });
  }
  return invalidParameter("Failure requested by the test");
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isText = (value, max = Infinity) => typeof value === "string" && value.length >= 1 && value.length <= max;

/**
 * Starts the server. Options: port (0 = any free port), host, accessToken (the only bearer token accepted),
 * log (print one line per request). Resolves to { url, origin, port, accessToken, close, requests, reset, addMedia,
 * getMedia, failNext, delayNext }.
 */
export async function startFakeGraph(options = {}) {
  const { port = 0, host = "127.0.0.1", accessToken = "test-access-token", log = false } = options;
  /** Every non-control request, in arrival order. */
  let journal = [];
  /** Pending injected failures and delays, consumed one per non-control request. */
  let failures = [];
  let delays = [];
  /** media id -> { bytes, mimeType, sha256 } */
  const media = new Map();
  const sockets = new Set();
  let origin = "";

  function addMedia(bytes, mimeType, extra = {}) {
    const data = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes);
    // Graph media ids are long decimal strings.
    let id;
    do id = String(1_000_000_000_000_000 + Math.floor(Math.random() * 8_000_000_000_000_000));
    while (media.has(id));
    media.set(id, { bytes: data, mimeType: String(mimeType), sha256: createHash("sha256").update(data).digest("hex"), ...extra });
    return id;
  }
  /**
   * The next `count` requests fail. With `scope`, only requests under `/scope-<scope>/` do (a test that points its
   * WHATSAPP_GRAPH_URL there), so test files running side by side against this one server never take each other's.
   */
  const failNext = (count, status = 500, body, scope) => {
    failures = [...failures, ...Array.from({ length: count }, () => ({ status, body, scope }))];
  };
  const takeFailure = (scope) => {
    const index = failures.findIndex((failure) => failure.scope === undefined || failure.scope === scope);
    return index < 0 ? undefined : failures.splice(index, 1)[0];
  };
  const delayNext = (count, ms) => {
    delays = Array.from({ length: count }, () => ms);
  };
  const reset = () => {
    journal = [];
    failures = [];
    delays = [];
  };

  const server = createServer(async (request, response) => {
    try {
      await handle(request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, JSON_HEADERS).end(JSON.stringify(graphError(String(error?.message ?? error), 1)));
      else response.destroy();
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const send = (response, status, body, headers = JSON_HEADERS) =>
    response.writeHead(status, headers).end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));

  async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://fake");
    // `/scope-<id>/...` is the same API, for failures meant for one test only (failNext's scope).
    const scoped = /^\/scope-([\w-]+)(\/.*)$/.exec(url.pathname);
    const scope = scoped?.[1];
    if (scoped) url.pathname = scoped[2];
    const raw = await readBody(request);
    const contentType = request.headers["content-type"] ?? "";
    if (url.pathname.startsWith("/__") && !url.pathname.startsWith("/__media/")) {
      control(request.method, url.pathname, raw, contentType, response, url.searchParams);
      return;
    }

    // body: what the handlers read; logged: what the journal shows (a file's size and type, not its bytes).
    let body = null;
    let logged = null;
    if (contentType.startsWith("multipart/form-data")) {
      body = await parseMultipart(url, contentType, raw);
      logged = body.log;
    } else if (raw.length) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = raw.toString("utf8");
      }
      logged = body;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value)]),
    );
    /** status is filled in when the answer goes out (0 while a delayed request is still pending). */
    const entry = { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body: logged, status: 0 };
    journal.push(entry);
    const reply = (status, payload, replyHeaders) => {
      entry.status = status;
      if (log) console.log(`fake-graph: ${request.method} ${url.pathname} -> ${status}`);
      send(response, status, payload, replyHeaders);
    };

    const delay = delays.shift();
    if (delay) await wait(delay);
    const failure = takeFailure(scope);
    if (failure) {
      reply(failure.status, failure.body ?? failureBody(failure.status));
      return;
    }
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      reply(401, graphError("Invalid OAuth access token.", 190), {
        ...JSON_HEADERS,
        "WWW-Authenticate": 'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token."',
      });
      return;
    }

    // Like Meta's media URLs, downloads need the same bearer token as the API.
    const download = /^\/__media\/([^/]+)$/.exec(url.pathname);
    if (download) {
      const item = request.method === "GET" ? media.get(download[1]) : undefined;
      if (!item) reply(404, "Not Found", { "Content-Type": "text/plain" });
      else if (item.streamBytes) await stream(response, entry, item);
      else reply(200, item.bytes, { "Content-Type": item.mimeType, "Content-Length": String(item.bytes.length) });
      return;
    }

    const segments = url.pathname.split("/").filter(Boolean);
    if (/^v\d+(\.\d+)?$/.test(segments[0] ?? "")) segments.shift();
    const [node, edge] = segments;
    if (request.method === "POST" && segments.length === 2 && edge === "messages") {
      reply(...sendMessage(body));
    } else if (request.method === "POST" && segments.length === 2 && edge === "media") {
      reply(...upload(body));
    } else if ((request.method === "GET" || request.method === "DELETE") && segments.length === 1) {
      const item = media.get(node);
      if (!item) {
        // What Graph answers for an id it does not know (or that has expired: media ids live 30 days).
        reply(400, {
          error: {
            message: `Unsupported ${request.method.toLowerCase()} request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            type: "GraphMethodException",
            code: 100,
            error_subcode: 33,
            fbtrace_id: traceId(),
          },
        });
      } else if (request.method === "DELETE") {
        media.delete(node);
        reply(200, { success: true });
      } else {
        const host = item.linkHost ? `http://${item.linkHost}:${new URL(origin).port}` : origin;
        const link = `${host}/__media/${node}?mid=${node}&token=${randomBytes(6).toString("hex")}`;
        reply(200, { messaging_product: "whatsapp", url: link, mime_type: item.mimeType, sha256: item.sha256, file_size: item.bytes.length, id: node });
      }
    } else {
      reply(400, graphError(`Unknown path components: ${url.pathname}`, 2500));
    }
  }

  /** An endless-media download: the item's bytes, then zeros up to `streamBytes`, written as the reader takes them. */
  async function stream(response, entry, item) {
    entry.status = 200;
    entry.sent = 0;
    response.writeHead(200, { "Content-Type": item.mimeType, "Transfer-Encoding": "chunked" });
    let closed = false;
    response.on("close", () => (closed = true));
    const zeros = Buffer.alloc(64 * 1024);
    for (let first = true; !closed && entry.sent < item.streamBytes; first = false) {
      const chunk = first ? item.bytes : zeros.subarray(0, Math.min(zeros.length, item.streamBytes - entry.sent));
      const written = await new Promise((resolve) => response.write(chunk, (error) => resolve(!error)));
      if (!written) break;
      entry.sent += chunk.length;
    }
    if (!closed) response.end();
  }

  /** POST /{phone_number_id}/messages: [status, body]. */
  function sendMessage(body) {
    if (!body || typeof body !== "object") return [400, invalidParameter("The request body must be a JSON object")];
    if (body.messaging_product !== "whatsapp") return [400, invalidParameter("The parameter messaging_product is required and must be 'whatsapp'")];
    if (body.status !== undefined) {
      if (body.status !== "read" || !isText(body.message_id)) return [400, invalidParameter("Marking as read needs status 'read' and a message_id")];
      if (body.typing_indicator !== undefined && body.typing_indicator?.type !== "text") return [400, invalidParameter("typing_indicator.type must be 'text'")];
      return [200, { success: true }];
    }
    if (!isText(body.to)) return [400, invalidParameter("The parameter to is required")];
    if (body.type === "text") {
      if (typeof body.text?.body !== "string") return [400, invalidParameter("The parameter text['body'] is required")];
      if (!isText(body.text.body, TEXT_MAX)) return [400, invalidParameter(`Param text['body'] must be between 1 and ${TEXT_MAX} characters long`)];
    } else if (body.type === "image") {
      if (!isText(body.image?.id) && !isText(body.image?.link)) return [400, invalidParameter("The parameter image['id'] or image['link'] is required")];
      if (body.image.caption !== undefined && !isText(body.image.caption, CAPTION_MAX)) {
        return [400, invalidParameter(`Param image['caption'] must be between 1 and ${CAPTION_MAX} characters long`)];
      }
    } else if (body.type === "audio") {
      // A voice note must be an uploaded Ogg/Opus file (what WhatsApp plays as one).
      const item = media.get(String(body.audio?.id ?? ""));
      if (!item) return [400, invalidParameter("The parameter audio['id'] must name uploaded media")];
      if (!item.mimeType.startsWith("audio/ogg") || Buffer.from(item.bytes.subarray(0, 4)).toString("latin1") !== "OggS") {
        return [400, invalidParameter("Audio must be audio/ogg (Opus) for a voice note")];
      }
    } else if (body.type === "template") {
      // A template message: its name, its language's code, and the body's parameters (text, at most 1,024 characters each).
      const template = body.template;
      if (!isText(template?.name) || !/^[a-z0-9_]+$/.test(template.name)) return [400, invalidParameter("The parameter template['name'] is required")];
      if (!isText(template.language?.code)) return [400, invalidParameter("The parameter template['language']['code'] is required")];
      for (const component of template.components ?? []) {
        for (const parameter of component.parameters ?? []) {
          if (parameter.type !== "text" || !isText(parameter.text, 1024))
            return [400, invalidParameter("Template text parameters must be 1 to 1024 characters")];
        }
      }
    } else {
      return [400, invalidParameter(`Unsupported message type for this fake: ${JSON.stringify(body.type)} (text, image, audio, template)`)];
    }
    const wamid = `wamid.HBgM${randomBytes(30).toString("base64").replace(/[+/=]/g, "")}`;
    return [200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to.replace(/\D/g, "") }], messages: [{ id: wamid }] }];
  }

  /** POST /{phone_number_id}/media (body from parseMultipart): [status, body]. */
  function upload(body) {
    if (!body?.multipart) return [400, invalidParameter("The upload must be multipart/form-data")];
    const { fields, file } = body;
    if (fields.messaging_product !== "whatsapp") return [400, invalidParameter("The parameter messaging_product is required and must be 'whatsapp'")];
    if (!isText(fields.type)) return [400, invalidParameter("The parameter type (the file's MIME type) is required")];
    if (!file || file.bytes.length === 0) return [400, invalidParameter("The parameter file is required")];
    return [200, { id: addMedia(file.bytes, fields.type) }];
  }

  function control(method, path, raw, contentType, response, query) {
    let input = {};
    if (method === "POST" && path !== "/__media" && raw.length) {
      try {
        input = JSON.parse(raw.toString("utf8"));
      } catch {
        send(response, 400, { error: "control body must be JSON" });
        return;
      }
    }
    if (method === "GET" && path === "/__requests") {
      send(response, 200, journal);
      return;
    }
    if (method === "POST" && path === "/__media") {
      const linkHost = query.get("linkHost") ?? undefined;
      send(response, 200, { id: addMedia(raw, contentType.split(";")[0].trim() || "application/octet-stream", { linkHost }) });
      return;
    }
    if (method === "POST" && path === "/__endless-media") {
      send(response, 200, { id: addMedia(silentOggOpus(2), "audio/ogg", { streamBytes: Number(input.bytes ?? 0) }) });
      return;
    }
    if (method === "POST" && path === "/__voice-note") {
      send(response, 200, { id: addMedia(silentOggOpus(2), "audio/ogg") });
      return;
    }
    if (method === "POST" && path === "/__reset") reset();
    else if (method === "POST" && path === "/__fail") failNext(Number(input.count ?? 1), Number(input.status ?? 500), input.body, input.scope);
    else if (method === "POST" && path === "/__delay") delayNext(Number(input.count ?? 1), Number(input.ms ?? 0));
    else {
      send(response, 404, { error: `unknown control endpoint ${method} ${path}` });
      return;
    }
    send(response, 200, { ok: true });
  }

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  origin = `http://${host}:${address.port}`;
  let closing = null;
  const close = () =>
    (closing ??= new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }));
  const getMedia = (id) => {
    const item = media.get(String(id));
    return item && { bytes: Buffer.from(item.bytes), mimeType: item.mimeType, sha256: item.sha256 };
  };
  return {
    url: origin,
    origin,
    port: address.port,
    accessToken,
    close,
    requests: () => journal.map((entry) => structuredClone(entry)),
    reset,
    addMedia,
    getMedia,
    failNext,
    delayNext,
  };
}

/**
 * Reads a multipart body with the WHATWG parser Node ships (undici), as the real API would: fields as strings,
 * the file's bytes kept for storage and only its type and size logged.
 */
async function parseMultipart(url, contentType, raw) {
  let form;
  try {
    form = await new Request(url, { method: "POST", headers: { "content-type": contentType }, body: raw }).formData();
  } catch {
    return { multipart: false, log: { fields: {}, file: null, error: "unparsable multipart body" } };
  }
  const fields = {};
  let file = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = { bytes: Buffer.from(await value.arrayBuffer()), type: value.type, size: value.size, name: value.name };
  }
  return { multipart: true, fields, file, log: { fields, file: file && { type: file.type, size: file.size, name: file.name } } };
}

function parseArgs(argv) {
  const options = { log: true };
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index].split("=", 2);
    const value = () => inline ?? argv[++index];
    if (/^\d+$/.test(flag)) options.port = Number(flag);
    else if (flag === "--port") options.port = Number(value());
    else if (flag === "--host") options.host = value();
    else if (flag === "--access-token") options.accessToken = value();
    else if (flag === "--quiet") options.log = false;
    else if (flag === "--help" || flag === "-h") {
      console.log("usage: node tests/mocks/fake-graph.mjs [port] [--host 127.0.0.1] [--access-token TOKEN] [--quiet]");
      process.exit(0);
    } else {
      console.error(`unknown option ${argv[index]}`);
      process.exit(2);
    }
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const graph = await startFakeGraph(parseArgs(process.argv.slice(2)));
  console.log(`fake-graph listening: WHATSAPP_GRAPH_URL=${graph.url} WHATSAPP_ACCESS_TOKEN=${graph.accessToken}`);
  const stop = () => void graph.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
