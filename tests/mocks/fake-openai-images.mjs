// The fake OpenAI-compatible server's image side (used by fake-openai.mjs): POST /v1/images/generations and
// /v1/images/edits answering like gpt-image-1 (`data[].b64_json`, a real PNG), and the JSON reply of a vision
// request with `response_format: {type: "json_object"}` (what photo translate sends). Wire shapes follow
// openai-node src/resources/images.ts and PROVIDERS.md "Images".
//
// The requested model picks the behaviour of the image endpoints:
//   any name            200 with a small PNG (a colour derived from the prompt)
//   "gone"              404 model_not_found
//   "image-fail"        500 server_error (the app retries these)
//   "image-policy"      400 content_policy_violation (the app fails the job at once)
// An edit that sends a `mask` part is answered with a 32 x 32 PNG instead of 64 x 64, so a test sees the mask arrived.
// and of a photo-translate request (a vision message asking for JSON):
//   "translate-bad"     an answer that is not JSON
//   "translate-empty"   {"sourceLanguage":"und","blocks":[]}
//   anything else       two text blocks ("OPEN", "Push to enter") translated into the requested language
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";

const JSON_HEADERS = { "Content-Type": "application/json" };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A real RGB PNG: a vertical gradient from `rgb` to white (small, so tests stay fast). */
export function fakePng(width = 64, height = 64, rgb = [79, 70, 229]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const t = y / Math.max(1, height - 1);
    const pixel = rgb.map((channel) => Math.round(channel + (255 - channel) * t));
    rows.push(Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => pixel).flat()));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function errorBody(message, type, code) {
  return JSON.stringify({ error: { message, type, param: null, code } });
}

export function colourOf(text) {
  const digest = createHash("sha256").update(String(text)).digest();
  return [digest[0], digest[1], digest[2]];
}

/**
 * Handles POST /v1/images/*. `context`: { body (raw string), count(bucket, key), stats, log }.
 * Answers and returns true when the path is an images endpoint, false otherwise.
 */
export function handleImagesRequest(pathname, headers, rawBody, response, context) {
  if (pathname !== "/v1/images/generations" && pathname !== "/v1/images/edits") return false;
  const { count, stats } = context;
  let model = "";
  let prompt = "";
  let masked = false;
  if (pathname === "/v1/images/generations") {
    let body;
    try {
      body = JSON.parse(rawBody);
    } catch {
      count(stats.byStatus, 400);
      response.writeHead(400, JSON_HEADERS).end(errorBody("We could not parse the JSON body of your request.", "invalid_request_error", null));
      return true;
    }
    stats.lastBody = body;
    model = String(body.model ?? "");
    prompt = String(body.prompt ?? "");
  } else {
    // multipart/form-data: the SDK sends model, prompt and the image file as parts.
    const contentType = String(headers["content-type"] ?? "");
    if (!contentType.startsWith("multipart/form-data") || !rawBody.includes('name="image')) {
      count(stats.byStatus, 400);
      response.writeHead(400, JSON_HEADERS).end(errorBody("An image file is required.", "invalid_request_error", "missing_image"));
      return true;
    }
    model = /name="model"\r\n\r\n([^\r]*)/.exec(rawBody)?.[1] ?? "";
    prompt = /name="prompt"\r\n\r\n([^\r]*)/.exec(rawBody)?.[1] ?? "";
    masked = rawBody.includes('name="mask"');
    stats.lastBody = { multipart: true, model, prompt, masked };
  }
  count(stats.byBehaviour, `images:${model}`);
  if (context.log) console.log(`fake-openai: ${pathname} ${model}`);
  if (model === "gone") {
    count(stats.byStatus, 404);
    response
      .writeHead(404, JSON_HEADERS)
      .end(errorBody(`The model \`${model}\` does not exist or you do not have access to it.`, "invalid_request_error", "model_not_found"));
    return true;
  }
  if (model === "image-fail") {
    count(stats.byStatus, 500);
    response
      .writeHead(500, { ...JSON_HEADERS, "x-should-retry": "false" })
      .end(errorBody("The server had an error while processing your request.", "server_error", "server_error"));
    return true;
  }
  if (model === "image-policy") {
    count(stats.byStatus, 400);
    response
      .writeHead(400, JSON_HEADERS)
      .end(errorBody("Your request was rejected as a result of our safety system.", "image_generation_user_error", "content_policy_violation"));
    return true;
  }
  count(stats.byStatus, 200);
  const png = masked ? fakePng(32, 32, colourOf(prompt)) : fakePng(64, 64, colourOf(prompt));
  response.writeHead(200, JSON_HEADERS).end(
    JSON.stringify({
      created: Math.floor(Date.now() / 1000),
      background: "opaque",
      data: [{ b64_json: png.toString("base64") }],
      output_format: "png",
      quality: "medium",
      size: "1024x1024",
      usage: { input_tokens: 12, input_tokens_details: { image_tokens: 0, text_tokens: 12 }, output_tokens: 272, total_tokens: 284 },
    }),
  );
  stats.completed += 1;
  return true;
}

const TRANSLATIONS = {
  tr: ["AÇIK", "İçeri girmek için itin"],
  de: ["GEÖFFNET", "Zum Eintreten drücken"],
  fr: ["OUVERT", "Poussez pour entrer"],
  es: ["ABIERTO", "Empuje para entrar"],
  en: ["OPEN", "Push to enter"],
};

function hasImage(messages) {
  return (Array.isArray(messages) ? messages : []).some(
    (message) => Array.isArray(message?.content) && message.content.some((part) => part?.type === "image_url"),
  );
}

/**
 * The content of a non-streamed photo-translate answer, or null when the request is something else (so the
 * chat behaviours answer it as before).
 */
export function photoTranslateReply(body) {
  const format = body?.response_format?.type;
  if ((format !== "json_object" && format !== "json_schema") || !hasImage(body.messages)) return null;
  const model = String(body.model ?? "");
  if (model === "translate-bad") return "Sorry, I cannot help with that photo.";
  if (model === "translate-empty") return JSON.stringify({ sourceLanguage: "und", blocks: [] });
  const text = body.messages
    .flatMap((message) => (Array.isArray(message?.content) ? message.content : [{ type: "text", text: message?.content }]))
    .filter((part) => part?.type === "text")
    .map((part) => String(part.text ?? ""))
    .join("\n");
  const target = /Target language:\s*([A-Za-z-]+)/.exec(text)?.[1] ?? "en";
  const [open, push] = TRANSLATIONS[target] ?? [`[${target}] OPEN`, `[${target}] Push to enter`];
  // Wrapped in a code fence, as models often do even when asked for bare JSON.
  return (
    "```json\n" +
    JSON.stringify({
      sourceLanguage: "en",
      blocks: [
        { text: "OPEN", translation: open },
        { text: "Push to enter", translation: push },
      ],
    }) +
    "\n```"
  );
}
