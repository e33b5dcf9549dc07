// Who hears and speaks (docs/decisions/0025-voice.md): the OpenAI provider's audio endpoints (`POST /audio/speech`,
// `POST /audio/transcriptions`) through the `openai` SDK, like every other provider call; the offline demo provider
// when no key is configured at all; nobody when keys exist but none is OpenAI's (the browser's own voice then).
import OpenAI, { toFile } from "openai";
import { MODELS } from "../../lib/models";
import type { Voice } from "../../lib/voice";
import { configuredString, isDemoMode, resolveTarget, type UpstreamTarget } from "../ai/providers";
import { AppError } from "../errors";

export type VoiceEngine = { kind: "demo" } | (UpstreamTarget & { speechModel: string; transcriptionModel: string });

/** The engine for this deployment, or null when only providers without audio endpoints are configured. */
export function resolveVoiceEngine(env: Record<string, unknown>): VoiceEngine | null {
  if (isDemoMode(env)) return { kind: "demo" };
  const representative = MODELS.find((model) => model.provider === "openai");
  const target = representative ? resolveTarget(env, representative.id) : null;
  if (!target || target.kind !== "openai-compatible") return null;
  return {
    ...target,
    speechModel: configuredString(env, "OPENAI_SPEECH_MODEL") ?? "gpt-4o-mini-tts",
    transcriptionModel: configuredString(env, "OPENAI_TRANSCRIPTION_MODEL") ?? "gpt-4o-mini-transcribe",
  };
}

/** Where read-aloud comes from: the server's speech endpoint, or the browser's speech synthesis. */
export function speechSource(env: Record<string, unknown>): "server" | "browser" {
  const engine = resolveVoiceEngine(env);
  return engine && engine.kind !== "demo" ? "server" : "browser";
}

export type UpstreamEngine = Exclude<VoiceEngine, { kind: "demo" }>;

function client(engine: UpstreamEngine) {
  // A person is waiting to hear: one quick retry, then the failure is theirs to see (and refunded).
  return new OpenAI({ apiKey: engine.apiKey, baseURL: engine.baseURL, defaultHeaders: engine.headers, maxRetries: 1, timeout: 60_000 });
}

export type SpeechFormat = "mp3" | "opus";

/** The audio of one piece of text (at most SPEECH_INPUT_CHARS), as the provider streams it. */
export async function speakWithProvider(
  engine: UpstreamEngine,
  input: { text: string; voice: Voice; format: SpeechFormat },
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  try {
    const response = await client(engine).audio.speech.create(
      { model: engine.speechModel, voice: input.voice, input: input.text, response_format: input.format },
      { signal },
    );
    if (!response.body) throw new AppError("voice/speech-failed");
    return response.body;
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError("voice/speech-failed", { cause });
  }
}

/**
 * The words of a recording, and its length in seconds where the provider reports it (`usage.type: "duration"`, as
 * whisper-1 bills; models billed by tokens report none).
 */
export async function transcribeWithProvider(
  engine: UpstreamEngine,
  recording: { bytes: Uint8Array; name: string; type: string },
): Promise<{ text: string; seconds: number | null }> {
  try {
    const file = await toFile(recording.bytes, recording.name, { type: recording.type });
    const result = await client(engine).audio.transcriptions.create({ model: engine.transcriptionModel, file, response_format: "json" });
    const seconds = result.usage?.type === "duration" && Number.isFinite(result.usage.seconds) && result.usage.seconds > 0 ? result.usage.seconds : null;
    return { text: result.text.trim(), seconds };
  } catch (cause) {
    throw new AppError("voice/transcription-failed", { cause });
  }
}
