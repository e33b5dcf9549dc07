// The fake server's Gemini side (used by fake-openai.mjs): POST /v1beta/models/<model>:generateContent, Gemini's
// native endpoint, answering an image request like an image model ("Edit image" with Gemini, decision 0029).
// Wire shapes follow the Gemini API's generateContent: `x-goog-api-key` header; `contents[].parts[]` of `text` and
// `inline_data {mime_type, data}` (camelCase accepted too); `generationConfig.responseModalities`; the answer's
// `candidates[0].content.parts[]` carry `text` and `inlineData {mimeType, data}`; errors are
// `{error: {code, message, status}}`.
//
// The model in the path picks the behaviour:
//   any name        200 with a PNG (a colour derived from the first text part); 32 x 32 when a second picture (the
//                   brush mask) came with the first, 64 x 64 otherwise
//   "gone"          404 NOT_FOUND
//   "image-fail"    500 INTERNAL
//   "image-policy"  200 with promptFeedback.blockReason PROHIBITED_CONTENT and no candidates (a blocked request)
//   "image-words"   200 with a candidate of text only, finishReason STOP (the model answers instead of drawing)
// Without "IMAGE" in responseModalities the model answers in words only, as the real one does.
import { colourOf, fakePng } from "./fake-openai-images.mjs";

const JSON_HEADERS = { "Content-Type": "application/json" };
const PATH = /^\/v1beta\/models\/([^/:]+):generateContent$/;

function errorBody(code, status, message) {
  return JSON.stringify({ error: { code, message, status } });
}

const inlineOf = (part) => part?.inline_data ?? part?.inlineData;

/**
 * Handles POST /v1beta/models/<model>:generateContent. `context`: { count(bucket, key), stats, log, apiKey }.
 * Answers and returns true when the path is that endpoint, false otherwise.
 */
export function handleGeminiRequest(pathname, headers, rawBody, response, context) {
  const match = PATH.exec(pathname);
  if (!match) return false;
  const { count, stats, apiKey } = context;
  const answer = (status, body) => {
    count(stats.byStatus, status);
    response.writeHead(status, JSON_HEADERS).end(body);
    return true;
  };
  const key = String(headers["x-goog-api-key"] ?? "");
  if (!key) return answer(403, errorBody(403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers. Please use an API key."));
  if (apiKey !== undefined && key !== apiKey) return answer(400, errorBody(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key."));
  let body;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return answer(400, errorBody(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
  }
  const model = decodeURIComponent(match[1]);
  const parts = (Array.isArray(body?.contents) ? body.contents : []).flatMap((content) => (Array.isArray(content?.parts) ? content.parts : []));
  const pictures = parts.filter((part) => inlineOf(part)?.data);
  const prompt = parts.find((part) => typeof part?.text === "string")?.text ?? "";
  const modalities = body?.generationConfig?.responseModalities ?? body?.generation_config?.response_modalities ?? ["TEXT"];
  stats.lastBody = {
    gemini: true,
    model,
    prompt,
    pictures: pictures.map((part) => ({
      mimeType: inlineOf(part).mime_type ?? inlineOf(part).mimeType,
      bytes: Buffer.from(inlineOf(part).data, "base64").length,
    })),
  };
  count(stats.byBehaviour, `gemini:${model}`);
  if (context.log) console.log(`fake-openai: gemini generateContent ${model}`);
  if (parts.length === 0) return answer(400, errorBody(400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified"));
  if (model === "gone")
    return answer(404, errorBody(404, "NOT_FOUND", `models/${model} is not found for API version v1beta, or is not supported for generateContent.`));
  if (model === "image-fail")
    return answer(
      500,
      errorBody(500, "INTERNAL", "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"),
    );
  const usageMetadata = { promptTokenCount: 12 + pictures.length * 258, totalTokenCount: 12 + pictures.length * 258 + 1290 };
  if (model === "image-policy")
    return answer(200, JSON.stringify({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" }, usageMetadata, modelVersion: model }));
  const draws = model !== "image-words" && modalities.map((value) => String(value).toUpperCase()).includes("IMAGE");
  const out = draws
    ? [
        { text: "Here is the edited picture." },
        { inlineData: { mimeType: "image/png", data: fakePng(...(pictures.length > 1 ? [32, 32] : [64, 64]), colourOf(prompt)).toString("base64") } },
      ]
    : [{ text: "I can only describe the change in words." }];
  stats.completed += 1;
  return answer(
    200,
    JSON.stringify({ candidates: [{ content: { parts: out, role: "model" }, finishReason: "STOP", index: 0 }], usageMetadata, modelVersion: model }),
  );
}
