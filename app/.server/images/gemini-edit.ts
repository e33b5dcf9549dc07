// "Edit image" with Gemini's image model (decision 0029). Gemini's OpenAI-compatible endpoint, which draws with
// Imagen through images.generate, has no images edit: a picture is changed by its native generateContent, sent the
// picture as an inline part beside the words and asked for an image back. The native endpoint lives beside the
// compatible one (`…/v1beta/openai/` → `…/v1beta/models/<model>:generateContent`, also through AI Gateway's
// `google-ai-studio` path), authenticated by the same key in `x-goog-api-key`.
import { base64Encode } from "../auth/crypto";
import type { ImageEngine, PictureEdit, ProviderImage } from "./engines";
import { decodeImage, JobFailure } from "./engines";

/** One attempt ends within the queue's time, like the SDK's timeout for the other providers (engines.ts). */
const EDIT_TIMEOUT_MS = 120_000;

/** Why Gemini answers with no picture: a blocked request or a refused image is the person's to change, not a retry. */
const REFUSALS = new Set(["SAFETY", "IMAGE_SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "RECITATION", "IMAGE_PROHIBITED_CONTENT"]);

interface GeminiPart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}

interface GeminiAnswer {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  error?: { code?: number; message?: string; status?: string };
}

/** The native endpoint beside the OpenAI-compatible base URL the engine was configured with. */
export function generateContentUrl(baseURL: string, model: string): string {
  return `${baseURL.replace(/\/+$/, "").replace(/\/openai$/, "")}/models/${encodeURIComponent(model)}:generateContent`;
}

/** What the request says: the change, the picture, and (Gemini takes no mask) the brush as a second picture. */
function partsFor(input: PictureEdit) {
  const parts: Record<string, unknown>[] = [{ text: input.prompt }, { inline_data: { mime_type: input.photoType, data: base64Encode(input.photo) } }];
  if (input.mask) {
    parts.push({ text: "Change only the area that is transparent in this mask (same size as the picture); keep everything else as it is." });
    parts.push({ inline_data: { mime_type: "image/png", data: base64Encode(input.mask) } });
  }
  return parts;
}

function failureFor(status: number, answer: GeminiAnswer | null): JobFailure {
  if (status === 404) return new JobFailure("image/model-unavailable", false);
  if (status === 429) return new JobFailure("image/rate-limited", true);
  if (status >= 500) return new JobFailure("image/provider-failed", true);
  if (status === 400 && /safety|blocked|prohibited/i.test(answer?.error?.message ?? "")) return new JobFailure("image/rejected", false);
  return new JobFailure("image/provider-failed", false);
}

export async function editWithGemini(engine: Exclude<ImageEngine, { kind: "demo" }>, input: PictureEdit): Promise<ProviderImage> {
  let response: Response;
  try {
    response = await fetch(generateContentUrl(engine.baseURL, engine.editModel ?? engine.imageModel), {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-goog-api-key": engine.apiKey, ...engine.headers },
      body: JSON.stringify({ contents: [{ role: "user", parts: partsFor(input) }], generationConfig: { responseModalities: ["TEXT", "IMAGE"] } }),
      signal: AbortSignal.timeout(EDIT_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new JobFailure("image/provider-failed", true, { cause });
  }
  const answer = (await response.json().catch(() => null)) as GeminiAnswer | null;
  if (!response.ok) throw failureFor(response.status, answer);
  const candidate = answer?.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const image = parts.find((part) => part.inlineData?.data)?.inlineData?.data;
  if (!image && (REFUSALS.has(answer?.promptFeedback?.blockReason ?? "") || REFUSALS.has(candidate?.finishReason ?? "")))
    throw new JobFailure("image/rejected", false);
  // Words and no picture: the model chose to answer instead of drawing (it declines, or asks back), and asking again
  // with the same request answers the same; the person changes the request, as for a refusal by the other providers.
  if (!image && parts.some((part) => part.text?.trim())) throw new JobFailure("image/rejected", false);
  return decodeImage(image);
}
