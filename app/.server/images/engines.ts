// Who makes a creation, and the calls that do it: every provider through the `openai` SDK (images.generate,
// images.edit, chat.completions for vision), or the offline demo provider when no key is configured.
import OpenAI, { toFile } from "openai";
import { findModel, MODELS, type ProviderId } from "../../lib/models";
import type { AspectRatio, TranslateLanguage, TranslationResult } from "../../lib/schemas/images";
import { translationResultSchema } from "../../lib/schemas/images";
import type { ErrorCode } from "../errors";
import { availableModels, configuredProviders, configuredString, isDemoMode, resolveTarget, type UpstreamTarget } from "../ai/providers";
import { base64Decode } from "../auth/crypto";
import { checkImage } from "./validate";

/** Providers with an OpenAI-shaped images API (PROVIDERS.md "Images"); Anthropic and DeepSeek have none. */
export const IMAGE_PROVIDERS: readonly ProviderId[] = ["openai", "google", "xai"];

/** The image model each provider is asked for, unless `<PREFIX>_IMAGE_MODEL` names another. */
const IMAGE_MODELS: Record<string, { variable: string; fallback: string }> = {
  openai: { variable: "OPENAI_IMAGE_MODEL", fallback: "gpt-image-1" },
  google: { variable: "GEMINI_IMAGE_MODEL", fallback: "imagen-4.0-generate-001" },
  xai: { variable: "XAI_IMAGE_MODEL", fallback: "grok-2-image-1212" },
};

/**
 * The model that edits a picture ("Edit image", decision 0029), for providers that can: OpenAI's image model itself
 * (images.edit), Gemini's image model (Imagen only draws from words). xAI has no edit API here.
 */
const EDIT_MODELS: Record<string, { variable: string; fallback: string } | "image-model"> = {
  openai: "image-model",
  google: { variable: "GEMINI_IMAGE_EDIT_MODEL", fallback: "gemini-2.5-flash-image" },
};

/** `editModel`: what edits pictures for this provider, null when it cannot. */
export type ImageEngine = { kind: "demo" } | (UpstreamTarget & { imageModel: string; editModel: string | null });

/**
 * The engine that draws for a chosen catalogue model: its provider's image model when that provider has an images
 * API, else the first configured provider that has one. Null when keys exist but none of them can make images.
 */
export function resolveImageEngine(env: Record<string, unknown>, modelId: string): ImageEngine | null {
  if (isDemoMode(env)) return { kind: "demo" };
  const chosen = findModel(modelId);
  const configured = configuredProviders(env);
  const provider =
    chosen && IMAGE_PROVIDERS.includes(chosen.provider) && configured.includes(chosen.provider)
      ? chosen.provider
      : IMAGE_PROVIDERS.find((candidate) => configured.includes(candidate));
  if (!provider) return null;
  const representative = chosen?.provider === provider ? chosen : MODELS.find((model) => model.provider === provider);
  const target = representative ? resolveTarget(env, representative.id) : null;
  if (!target || target.kind !== "openai-compatible") return null;
  const { variable, fallback } = IMAGE_MODELS[provider]!;
  const imageModel = configuredString(env, variable) ?? fallback;
  const edit = EDIT_MODELS[provider];
  const editModel = edit === "image-model" ? imageModel : edit ? (configuredString(env, edit.variable) ?? edit.fallback) : null;
  return { ...target, imageModel, editModel };
}

/** What the tool pages may offer in their model picker. */
export function toolModels(env: Record<string, unknown>, tool: "images" | "vision") {
  const models = availableModels(env).filter((model) => model.id !== "gpt-4.1");
  let offered = models;
  if (!isDemoMode(env) && tool === "vision") offered = models.filter((model) => model.vision);
  if (!isDemoMode(env) && tool === "images") {
    // When no configured provider can draw, keep the list: the page then says so next to the picker.
    const drawing = models.filter((model) => IMAGE_PROVIDERS.includes(model.provider));
    if (drawing.length > 0) offered = drawing;
  }
  return offered.map(({ id, tier, vision, reasoning }) => ({ id, tier, vision, reasoning }));
}

/** A failed attempt: `transient` ones are retried by the queue, the others fail the job at once (and refund). */
export class JobFailure extends Error {
  override name = "JobFailure";
  constructor(
    readonly code: Extract<ErrorCode, `image/${string}`>,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

export function classifyProviderError(error: unknown): JobFailure {
  if (error instanceof JobFailure) return error;
  if (error instanceof OpenAI.APIConnectionError) return new JobFailure("image/provider-failed", true, { cause: error });
  if (error instanceof OpenAI.APIError) {
    const code = String((error as { code?: string | null }).code ?? "");
    if (error.status === 404 || code === "model_not_found") return new JobFailure("image/model-unavailable", false, { cause: error });
    if (error.status === 429) return new JobFailure("image/rate-limited", true, { cause: error });
    if (error.status === 400 && /content_policy|moderation|safety/i.test(`${code} ${error.message}`))
      return new JobFailure("image/rejected", false, { cause: error });
    if (error.status !== undefined && error.status >= 500) return new JobFailure("image/provider-failed", true, { cause: error });
    return new JobFailure("image/provider-failed", false, { cause: error });
  }
  return new JobFailure("image/provider-failed", true, { cause: error });
}

function client(target: UpstreamTarget) {
  // The queue retries a failed attempt later; the SDK's own retries stay short so one attempt ends in time.
  return new OpenAI({ apiKey: target.apiKey, baseURL: target.baseURL, defaultHeaders: target.headers, maxRetries: 1, timeout: 120_000 });
}

const OPENAI_SIZES: Record<AspectRatio, "1024x1024" | "1536x1024" | "1024x1536"> = { "1:1": "1024x1024", "3:2": "1536x1024", "2:3": "1024x1536" };

export interface ProviderImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

export function decodeImage(b64: string | undefined): ProviderImage {
  if (!b64) throw new JobFailure("image/provider-failed", true);
  const bytes = base64Decode(b64);
  // The same content check as uploads: only a real PNG or JPEG is stored and served.
  const check = checkImage(bytes, 50 * 1024 * 1024);
  if (!check.ok) throw new JobFailure("image/provider-failed", true);
  return { bytes, contentType: check.contentType, width: check.width, height: check.height };
}

export async function generateWithProvider(
  engine: Exclude<ImageEngine, { kind: "demo" }>,
  input: { prompt: string; aspectRatio: AspectRatio; transparent?: boolean },
): Promise<ProviderImage> {
  try {
    const response =
      engine.provider === "openai"
        ? await client(engine).images.generate({
            model: engine.imageModel,
            prompt: input.prompt,
            n: 1,
            size: OPENAI_SIZES[input.aspectRatio],
            quality: "medium",
            output_format: "png",
            ...(input.transparent ? { background: "transparent" as const } : {}),
          })
        : await client(engine).images.generate({ model: engine.imageModel, prompt: input.prompt, n: 1, response_format: "b64_json" });
    return decodeImage(response.data?.[0]?.b64_json);
  } catch (error) {
    throw classifyProviderError(error);
  }
}

/** Draws on the person's own photo where the provider can edit images (OpenAI), else a design on its own. */
export async function editWithProvider(
  engine: Exclude<ImageEngine, { kind: "demo" }>,
  input: { prompt: string; designPrompt: string; photo: Uint8Array; photoType: "image/png" | "image/jpeg" },
): Promise<ProviderImage> {
  if (engine.provider !== "openai") return generateWithProvider(engine, { prompt: input.designPrompt, aspectRatio: "1:1" });
  return editPictureWithProvider(engine, input);
}

export interface PictureEdit {
  prompt: string;
  photo: Uint8Array;
  photoType: "image/png" | "image/jpeg";
  /** The brush's PNG: transparent pixels mark where to change the picture. */
  mask?: Uint8Array | null;
}

/**
 * OpenAI's images.edit: the picture, the change, and optionally the mask (PROVIDERS.md "Images"). Gemini edits go
 * through gemini-edit.ts; only engines with an `editModel` are sent an edit (jobs.ts checks it before charging).
 */
export async function editPictureWithProvider(engine: Exclude<ImageEngine, { kind: "demo" }>, input: PictureEdit): Promise<ProviderImage> {
  try {
    const image = await toFile(input.photo, input.photoType === "image/png" ? "photo.png" : "photo.jpg", { type: input.photoType });
    const mask = input.mask ? await toFile(input.mask, "mask.png", { type: "image/png" }) : undefined;
    const response = await client(engine).images.edit({
      model: engine.editModel ?? engine.imageModel,
      image,
      ...(mask ? { mask } : {}),
      prompt: input.prompt,
      n: 1,
      quality: "medium",
      output_format: "png",
    } as OpenAI.Images.ImageEditParamsNonStreaming);
    return decodeImage(response.data?.[0]?.b64_json);
  } catch (error) {
    throw classifyProviderError(error);
  }
}

const TRANSLATE_INSTRUCTIONS = [
  "You read the text in photos and translate it.",
  "Find every separate block of readable text in the image (signs, labels, menus, paragraphs), in reading order.",
  "Answer with JSON only, exactly this shape:",
  '{"sourceLanguage":"<BCP 47 code of the language the text is written in, or \\"und\\" if unsure>","blocks":[{"text":"<the text as written>","translation":"<its translation into the target language>"}]}',
  'If the photo has no readable text, answer {"sourceLanguage":"und","blocks":[]}.',
].join("\n");

/** Pulls the JSON object out of an answer that may wrap it in a code fence or a sentence. */
export function parseTranslation(content: string): TranslationResult {
  const trimmed = content.trim();
  const start = trimmed.indexOf("{");
  const end = trimmed.lastIndexOf("}");
  if (start === -1 || end <= start) throw new JobFailure("image/provider-failed", true);
  let value: unknown;
  try {
    value = JSON.parse(trimmed.slice(start, end + 1));
  } catch (cause) {
    throw new JobFailure("image/provider-failed", true, { cause });
  }
  const parsed = translationResultSchema().safeParse(value);
  if (!parsed.success) throw new JobFailure("image/provider-failed", true, { cause: parsed.error });
  return parsed.data;
}

export async function translateWithProvider(
  target: UpstreamTarget,
  input: { imageDataUrl: string; targetLanguage: TranslateLanguage },
): Promise<TranslationResult> {
  const languageName = new Intl.DisplayNames("en", { type: "language" }).of(input.targetLanguage) ?? input.targetLanguage;
  try {
    const completion = await client(target).chat.completions.create({
      model: target.model,
      temperature: 0,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: TRANSLATE_INSTRUCTIONS },
        {
          role: "user",
          content: [
            { type: "text", text: `Target language: ${input.targetLanguage} (${languageName}).` },
            { type: "image_url", image_url: { url: input.imageDataUrl } },
          ],
        },
      ],
    });
    return parseTranslation(completion.choices[0]?.message?.content ?? "");
  } catch (error) {
    throw classifyProviderError(error);
  }
}
