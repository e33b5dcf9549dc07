#!/usr/bin/env node
// A fake OpenAI-compatible server for tests and the benchmark: POST /v1/chat/completions speaking the real wire
// format (../shared/PROVIDERS.md "Chat completions stream"; openai-node src/core/streaming.ts), so the app's real
// `openai` SDK path runs end to end without a network. Listens on 127.0.0.1 only.
//
// The requested model name picks the behaviour (fake-openai-replies.mjs; the app maps catalogue ids to these with
// MODEL_OVERRIDES):
//   normal        N content chunks at a fixed interval (any unknown name, e.g. "gpt-4o-mini", is "normal")
//   cut           some chunks, then the socket is destroyed mid-stream (no [DONE], no final chunk)
//   stall         `at` chunks, then nothing more, the stream held open until the client goes away
//   429           the first `fails` attempts of a request answer 429 + retry-after-ms/retry-after, then it streams
//   malformed     a `data:` line that is not JSON (after `at` chunks; default before any content)
//   gone          404 {"error":{"code":"model_not_found"}}
//   reasoning     delta.reasoning_content chunks first, then the answer
//   xss           an answer containing <img src=x onerror=alert(1)> and a <script>
//   stream-error  some chunks, then a `data: {"error":{...}}` payload (the SDK raises APIError)
//   long          a 5,000-word Markdown answer with code blocks, in n chunks (the bench's interaction figures)
//   system        the request's first system message, streamed back (what memory sent: fake-openai-memory.mjs)
// A non-streamed request with response_format json_schema "memory_extraction" is memory's extraction job (same file).
// Params after "?" in the model name: n, ms, at, fails, retry, think (see parseModel). Messages ending with an
// assistant message ask for its continuation: the rest of the answer after that text (continuationTokens).
// Also POST /v1/images/generations and /v1/images/edits, and photo translate's JSON answer (fake-openai-images.mjs),
// Gemini's native POST /v1beta/models/<model>:generateContent answering with a picture (fake-gemini-images.mjs),
// and POST /v1/responses: a web search answer in the Responses API's stream format (fake-openai-responses.mjs),
// its background mode for deep research (create, GET /v1/responses/{id}, POST .../cancel: fake-openai-background.mjs),
// and POST /v1/audio/speech and /v1/audio/transcriptions (fake-openai-audio.mjs; GET /__audio-calls lists them).
// Deep research's own loop: its plan, note and report requests, and GET /res/v1/web/search as Brave's Search API
// (fake-research-loop.mjs).
// GET /__memory-calls: the size of each memory extraction request and of each chat request's system message.
// GET /__requests?has=TEXT: the recent chat and responses request bodies whose JSON holds TEXT (what the app sent).
//
//   import { startFakeOpenAI } from "./fake-openai.mjs";
//   const fake = await startFakeOpenAI({ port: 0 });   // { url: "http://127.0.0.1:PORT/v1", close, stats, ... }
//
//   node tests/mocks/fake-openai.mjs --port 8790 [--tokens 12] [--interval 5]
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { audioSettings, handleAudioRequest } from "./fake-openai-audio.mjs";
import { handleGeminiRequest } from "./fake-gemini-images.mjs";
import { handleImagesRequest, photoTranslateReply } from "./fake-openai-images.mjs";
import { contextText, isMemoryExtraction, memoryExtractionReply, NO_SYSTEM, systemText, systemTokens } from "./fake-openai-memory.mjs";
import { DEFAULTS, lastQuestion, parseModel, contentTokens, continuationTokens, imageTokens, reasoningTokens } from "./fake-openai-replies.mjs";
import { backgroundStore, cancelBackground, createBackground, retrieveBackground } from "./fake-openai-background.mjs";
import { handleResponsesRequest } from "./fake-openai-responses.mjs";
import { handleBraveRequest, researchLoopReply } from "./fake-research-loop.mjs";

const JSON_HEADERS = { "Content-Type": "application/json" };

function errorBody(message, type, code, param = null) {
  return JSON.stringify({ error: { message, type, param, code } });
}

function readBytes(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

const readBody = async (request) => (await readBytes(request)).toString("utf8");

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wall clock with sub-millisecond precision, comparable between processes on one machine (the bench's split). */
const epochNow = () => performance.timeOrigin + performance.now();

/** Writes and resolves once the bytes are handed to the kernel (so a later destroy cannot drop them). */
function writeFlushed(response, text) {
  return new Promise((resolve, reject) => {
    response.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Starts the server. Options: port (0 = any free port), host, tokens, intervalMs, cutAt, malformedAt, failures,
 * retryAfterMs, reasoningTokens (defaults for every request), apiKey (when set, other bearer tokens get 401),
 * log (print one line per request).
 * Returns { url (base URL ending in /v1, as OPENAI_BASE_URL expects), origin, port, stats, resetStats, close }.
 */
export async function startFakeOpenAI(options = {}) {
  const { port = 0, host = "127.0.0.1", apiKey, log = false } = options;
  const defaults = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([key]) => key in DEFAULTS)) };
  /** Deep research's background responses (fake-openai-background.mjs). */
  const background = backgroundStore();
  /** Attempts per (model, messages) of "429" requests, so each distinct request is refused `fails` times. */
  const attempts = new Map();
  const sockets = new Set();
  const stats = {
    /** Every HTTP request received. */
    requests: 0,
    /** Chat completion requests by behaviour name. */
    byBehaviour: {},
    /** Responses by status code (200 counts streams that started). */
    byStatus: {},
    /** Streams that ran to [DONE]. */
    completed: 0,
    /** Streams ended on purpose early (cut, malformed, stream-error). */
    broken: 0,
    /** The last request body (parsed), for assertions on what the SDK sent. */
    lastBody: null,
    /** Audio calls: each speech request's input and voice, each transcription's model and size. */
    audio: { speech: [], transcriptions: [] },
    /** Memory (docs/decisions/0027): each extraction's prompt and answer size, and each chat request's system message size. */
    memory: { extractions: [], systemChars: [] },
    /** The last 200 chat and responses request bodies, for GET /__requests (tests assert on what the app sent). */
    bodies: [],
    /** Per streamed question: when its request arrived and its first content token left (epoch ms, fractional). */
    timings: new Map(),
  };
  /** Settable by a test: how long the fake's speech is (fake-openai-audio.mjs). */
  const audio = audioSettings();
  const resetStats = () => {
    Object.assign(stats, {
      requests: 0,
      byBehaviour: {},
      byStatus: {},
      completed: 0,
      broken: 0,
      lastBody: null,
      audio: { speech: [], transcriptions: [] },
      memory: { extractions: [], systemChars: [] },
    });
    attempts.clear();
  };
  const count = (bucket, key) => {
    bucket[key] = (bucket[key] ?? 0) + 1;
  };

  const server = createServer(async (request, response) => {
    stats.requests += 1;
    request.receivedAt = epochNow();
    try {
      await handle(request, response);
    } catch (error) {
      if (!response.headersSent) {
        response.writeHead(500, JSON_HEADERS).end(errorBody(String(error?.message ?? error), "server_error", "internal_error"));
      } else {
        response.destroy();
      }
    }
  });
  server.on("connection", (socket) => {
    // Small chunks must leave at once: no Nagle delay between tokens.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(request, response) {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.method === "GET" && url.pathname === "/health") {
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ ok: true }));
      return;
    }
    if (request.method === "GET" && url.pathname === "/__memory-calls") {
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify(stats.memory));
      return;
    }
    if (request.method === "GET" && url.pathname === "/__requests") {
      const has = url.searchParams.get("has") ?? "";
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify(stats.bodies.filter((body) => JSON.stringify(body).includes(has))));
      return;
    }
    if (request.method === "GET" && url.pathname === "/__timings") {
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify(Object.fromEntries(stats.timings)));
      return;
    }
    if (request.method === "GET" && url.pathname === "/__audio-calls") {
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify(stats.audio));
      return;
    }
    if (request.method === "POST" && url.pathname.startsWith("/v1beta/models/")) {
      // Gemini's native generateContent (its own key header): see fake-gemini-images.mjs.
      if (!handleGeminiRequest(url.pathname, request.headers, await readBody(request), response, { count, stats, log, apiKey })) {
        count(stats.byStatus, 404);
        response
          .writeHead(404, JSON_HEADERS)
          .end(JSON.stringify({ error: { code: 404, message: `Unknown request URL: ${url.pathname}`, status: "NOT_FOUND" } }));
      }
      return;
    }
    // The Brave Search API the own research loop searches with (fake-research-loop.mjs).
    if (handleBraveRequest(request, url, response)) {
      count(stats.byStatus, 200);
      return;
    }
    // Deep research's background responses: GET /v1/responses/{id} and POST /v1/responses/{id}/cancel.
    const backgroundPath = /^\/v1\/responses\/([\w-]+)(\/cancel)?$/.exec(url.pathname);
    if (backgroundPath && (request.method === "GET") !== Boolean(backgroundPath[2])) {
      count(stats.byStatus, 200);
      if (backgroundPath[2]) cancelBackground(backgroundPath[1], response, background);
      else retrieveBackground(backgroundPath[1], response, background);
      return;
    }
    const known =
      url.pathname === "/v1/chat/completions" ||
      url.pathname === "/v1/responses" ||
      url.pathname.startsWith("/v1/images/") ||
      url.pathname.startsWith("/v1/audio/");
    if (request.method !== "POST" || !known) {
      count(stats.byStatus, 404);
      response.writeHead(404, JSON_HEADERS).end(errorBody(`Unknown request URL: ${request.method} ${url.pathname}`, "invalid_request_error", "unknown_url"));
      return;
    }
    const authorization = request.headers.authorization ?? "";
    const token = authorization.startsWith("Bearer ") ? authorization.slice(7) : "";
    if (!token || (apiKey !== undefined && token !== apiKey)) {
      count(stats.byStatus, 401);
      response.writeHead(401, JSON_HEADERS).end(errorBody("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
      return;
    }
    if (url.pathname.startsWith("/v1/images/")) {
      // images.generate / images.edit: see fake-openai-images.mjs.
      const raw = await readBody(request);
      if (!handleImagesRequest(url.pathname, request.headers, raw, response, { count, stats, log })) {
        count(stats.byStatus, 404);
        response.writeHead(404, JSON_HEADERS).end(errorBody(`Unknown request URL: ${request.method} ${url.pathname}`, "invalid_request_error", "unknown_url"));
      }
      return;
    }
    if (url.pathname.startsWith("/v1/audio/")) {
      if (!(await handleAudioRequest(url.pathname, await readBytes(request), response, { count, stats, log, settings: audio }))) {
        count(stats.byStatus, 404);
        response.writeHead(404, JSON_HEADERS).end(errorBody(`Unknown request URL: ${request.method} ${url.pathname}`, "invalid_request_error", "unknown_url"));
      }
      return;
    }
    let body;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      count(stats.byStatus, 400);
      response.writeHead(400, JSON_HEADERS).end(errorBody("We could not parse the JSON body of your request.", "invalid_request_error", null));
      return;
    }
    stats.lastBody = body;
    stats.bodies.push(body);
    if (stats.bodies.length > 200) stats.bodies.shift();
    if (url.pathname === "/v1/responses" && body.background === true) {
      createBackground(body, response, background);
      return;
    }
    if (url.pathname === "/v1/responses") {
      if (log) console.log(`fake-openai: responses ${body.model}`);
      const { params } = parseModel(String(body.model ?? ""), defaults);
      const io = { write: (text) => writeFlushed(response, text), wait, intervalMs: params.intervalMs, count, stats };
      await handleResponsesRequest(body, response, io);
      return;
    }
    const model = String(body.model ?? "");
    const { behaviour, params } = parseModel(model, defaults);
    count(stats.byBehaviour, behaviour);
    if (log) console.log(`fake-openai: ${model} -> ${behaviour}${body.stream ? " (stream)" : ""}`);

    if (behaviour === "gone") {
      count(stats.byStatus, 404);
      response
        .writeHead(404, JSON_HEADERS)
        .end(errorBody(`The model \`${model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found"));
      return;
    }
    if (behaviour === "429") {
      const key = createHash("sha256")
        .update(JSON.stringify([model, body.messages]))
        .digest("hex");
      const seen = attempts.get(key) ?? 0;
      attempts.set(key, seen + 1);
      if (seen < params.failures) {
        count(stats.byStatus, 429);
        response
          .writeHead(429, {
            ...JSON_HEADERS,
            "retry-after-ms": String(params.retryAfterMs),
            "retry-after": String(Math.max(1, Math.ceil(params.retryAfterMs / 1000))),
            "x-ratelimit-remaining-requests": "0",
          })
          .end(errorBody("Rate limit reached for requests. Please try again shortly.", "rate_limit_exceeded", "rate_limit_exceeded"));
        return;
      }
    }

    const question = lastQuestion(body.messages);
    const tokens =
      behaviour === "system"
        ? systemTokens(body.messages)
        : behaviour === "images"
          ? imageTokens(body.messages)
          : continuationTokens(contentTokens(model, question, defaults), body.messages);
    const id = `chatcmpl-fake${Math.random().toString(36).slice(2, 12)}`;
    const created = Math.floor(Date.now() / 1000);

    if (!body.stream && isMemoryExtraction(body) && model === "memory-fail") {
      count(stats.byStatus, 500);
      response.writeHead(500, JSON_HEADERS).end(errorBody("The server had an error while processing your request.", "server_error", "server_error"));
      return;
    }
    if (!body.stream) {
      count(stats.byStatus, 200);
      // A vision request asking for JSON is photo translate (fake-openai-images.mjs); anything else is chat.
      const content = researchLoopReply(body) ?? photoTranslateReply(body) ?? (isMemoryExtraction(body) ? memoryExtractionReply(body) : tokens.join(""));
      if (isMemoryExtraction(body)) stats.memory.extractions.push({ promptChars: JSON.stringify(body.messages).length, answerChars: content.length });
      response.writeHead(200, JSON_HEADERS).end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: promptTokens(body.messages), completion_tokens: tokens.length, total_tokens: promptTokens(body.messages) + tokens.length },
        }),
      );
      stats.completed += 1;
      return;
    }

    // The context's size: the system text and any documents block (the bench's "what memory / a document adds").
    stats.memory.systemChars.push(systemText(body.messages) === NO_SYSTEM ? 0 : contextText(body.messages).length);
    const includeUsage = body.stream_options?.include_usage === true;
    const chunk = (delta, finishReason = null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        system_fingerprint: "fp_fake",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        ...(includeUsage ? { usage: null } : {}),
      })}\n\n`;

    count(stats.byStatus, 200);
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      "x-request-id": `req_fake_${id.slice(-8)}`,
    });
    // A comment line first, as proxies and some providers send: the SDK must skip it.
    await writeFlushed(response, ": keep-alive\n\n");
    await writeFlushed(response, chunk({ role: "assistant", content: "", refusal: null }));

    if (behaviour === "reasoning") {
      for (const piece of reasoningTokens(params.reasoningTokens)) {
        await wait(params.intervalMs);
        await writeFlushed(response, chunk({ reasoning_content: piece }));
      }
    }

    const breakAt = ["cut", "malformed", "stream-error", "stall"].includes(behaviour) ? Math.min(params.cutAt, tokens.length) : tokens.length;
    for (let index = 0; index < breakAt; index++) {
      // The client went away (a reader stopped): stop writing. (request.destroyed is true once its body was read.)
      if (response.destroyed || response.socket?.destroyed) return;
      await wait(params.intervalMs);
      await writeFlushed(response, chunk({ content: tokens[index] }));
      if (index === 0) {
        stats.timings.set(question, { receivedAt: request.receivedAt, firstTokenAt: epochNow() });
        if (stats.timings.size > 1_000) stats.timings.delete(stats.timings.keys().next().value);
      }
    }

    if (behaviour === "stall") {
      // A provider that went quiet after its headers: no byte more, and the connection open until the client leaves.
      await new Promise((resolve) => response.once("close", resolve));
      return;
    }
    if (behaviour === "cut") {
      stats.broken += 1;
      // Let the last chunk reach the client, then drop the connection with no terminating chunk or [DONE].
      await wait(Math.max(20, params.intervalMs));
      response.socket?.destroy();
      return;
    }
    if (behaviour === "malformed") {
      stats.broken += 1;
      await wait(params.intervalMs);
      await writeFlushed(response, `data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"oops"\n\n`);
      await writeFlushed(response, "data: [DONE]\n\n");
      response.end();
      return;
    }
    if (behaviour === "stream-error") {
      stats.broken += 1;
      await wait(params.intervalMs);
      await writeFlushed(
        response,
        `data: ${JSON.stringify({ error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: "server_error" } })}\n\n`,
      );
      response.end();
      return;
    }

    await wait(params.intervalMs);
    await writeFlushed(response, chunk({}, "stop"));
    if (includeUsage) {
      const prompt = promptTokens(body.messages);
      await writeFlushed(
        response,
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model,
          system_fingerprint: "fp_fake",
          choices: [],
          usage: { prompt_tokens: prompt, completion_tokens: tokens.length, total_tokens: prompt + tokens.length },
        })}\n\n`,
      );
    }
    await writeFlushed(response, "data: [DONE]\n\n");
    response.end();
    stats.completed += 1;
  }

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const origin = `http://${host}:${address.port}`;
  let closing = null;
  const close = () =>
    (closing ??= new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }));
  return { url: `${origin}/v1`, origin, port: address.port, stats, resetStats, audio, close };
}

/** A rough token count for the usage chunk (words of every message). */
function promptTokens(messages) {
  const text = (Array.isArray(messages) ? messages : [])
    .map((message) => (typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? "")))
    .join(" ");
  return (text.match(/\S+/g) ?? []).length;
}

function parseArgs(argv) {
  const options = {};
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index].split("=", 2);
    const value = () => inline ?? argv[++index];
    if (flag === "--port") options.port = Number(value());
    else if (flag === "--host") options.host = value();
    else if (flag === "--tokens") options.tokens = Number(value());
    else if (flag === "--interval") options.intervalMs = Number(value());
    else if (flag === "--api-key") options.apiKey = value();
    else if (flag === "--quiet") options.log = false;
    else if (flag === "--help" || flag === "-h") {
      console.log("usage: node tests/mocks/fake-openai.mjs [--port N] [--host 127.0.0.1] [--tokens N] [--interval MS] [--api-key KEY] [--quiet]");
      process.exit(0);
    } else {
      console.error(`unknown option ${argv[index]}`);
      process.exit(2);
    }
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAI({ log: true, ...parseArgs(process.argv.slice(2)) });
  console.log(`fake-openai listening: OPENAI_BASE_URL=${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
