// POST /api/transcriptions (docs/decisions/0025-voice.md): a recording's words for voice mode. Charged per started
// minute before the provider is asked; a failure is apologised for and the charge given back.
import type { Locale } from "../../lib/constants";
import { minutesFor, type TranscriptionResult } from "../../lib/voice";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { resources } from "../i18n";
import { resolveVoiceEngine, transcribeWithProvider } from "./engine";
import { chargeVoice, refundVoice, settleVoice } from "./metering";
import { checkRecording } from "./recording";
import type { Listener } from "./speech";

export interface TranscriptionInput {
  file: FormDataEntryValue | null;
  /** The recorder's own count of seconds (never trusted below what the bytes allow). */
  seconds?: number;
}

/** The demo provider's answer to any recording: a fixed phrase that says what it is. */
export function demoTranscript(locale: Locale): string {
  return resources[locale].demo.transcript;
}

/** The words of a recording, for a listener who may be charged for it; `key` names the charge. */
export async function transcribe(
  env: AppEnv,
  config: AppConfig,
  listener: Listener,
  recording: { bytes: Uint8Array; type: string; extension: string; seconds: number },
  key: string,
  locale: Locale,
): Promise<TranscriptionResult> {
  const engine = resolveVoiceEngine(env);
  if (!engine) throw new AppError("voice/unavailable");
  const charge = { ...listener, key, minutes: minutesFor(recording.seconds) };
  await chargeVoice(env, config, charge);
  if (engine.kind === "demo") return { text: demoTranscript(locale), demo: true };
  let heard: Awaited<ReturnType<typeof transcribeWithProvider>>;
  try {
    heard = await transcribeWithProvider(engine, { bytes: recording.bytes, name: `recording.${recording.extension}`, type: recording.type });
  } catch (error) {
    await refundVoice(env, charge);
    throw error;
  }
  // The provider's own count of what it heard settles the charge (decision 0025, "Measuring a recording"); should
  // that fail, the measured charge stands and the words are still the person's.
  if (heard.seconds !== null)
    await settleVoice(env, config, charge, minutesFor(heard.seconds)).catch((error: unknown) => console.error("voice: charge not settled", key, error));
  return { text: heard.text, demo: false };
}

export async function transcribeUpload(env: AppEnv, config: AppConfig, listener: Listener, input: TranscriptionInput, locale: Locale) {
  const { bytes, format, seconds } = await checkRecording(input.file, input.seconds);
  // Every recording heard is charged: a key a client could repeat would buy upstream calls for nothing.
  return transcribe(env, config, listener, { bytes, ...format, seconds }, `transcription:${crypto.randomUUID()}`, locale);
}
