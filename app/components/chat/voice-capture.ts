// The microphone side of voice mode (docs/decisions/0025-voice.md): one microphone stream for the whole conversation
// (one permission prompt, and a recorded question is heard once), a level meter on it, and utterances cut at the end
// of speech by that meter. Loaded with voice mode, never on the chat's first load.
import { MAX_RECORDING_SECONDS, type TranscriptionResult } from "~/lib/voice";
import { microphoneErrorOf } from "./voice";

/** Loudness (RMS of samples in -1..1) above which someone is speaking, and above which they talk over the answer. */
const SPEECH_LEVEL = 0.02;
const BARGE_IN_LEVEL = 0.06;
/** Quiet this long after speech ends an utterance. */
const END_OF_SPEECH_MS = 700;
/** Loud this long counts as speech (a click or a cough is not). */
const SPEECH_ONSET_MS = 120;
const TICK_MS = 30;

export interface Microphone {
  stream: MediaStream;
  level(): number;
  close(): void;
}

/** Asks for the microphone once; throws a MicrophoneError code ("microphone/denied", ...). */
export async function openMicrophone(): Promise<Microphone> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  } catch (error) {
    throw microphoneErrorOf(error);
  }
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    stream,
    level() {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      return Math.sqrt(sum / samples.length);
    },
    close() {
      for (const track of stream.getTracks()) track.stop();
      void context.close().catch(() => undefined);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, TICK_MS));

/** Resolves once the level stays above `threshold` for SPEECH_ONSET_MS (false if `signal` aborts first). */
export async function waitForVoice(microphone: Microphone, signal: AbortSignal, threshold = BARGE_IN_LEVEL): Promise<boolean> {
  let loudSince = 0;
  while (!signal.aborted) {
    const now = performance.now();
    if (microphone.level() > threshold) {
      loudSince ||= now;
      if (now - loudSince >= SPEECH_ONSET_MS) return true;
    } else loudSince = 0;
    await tick();
  }
  return false;
}

export interface Utterance {
  blob: Blob;
  seconds: number;
  /** When the speaker fell quiet (performance.now()), for the bench's "end of speech to first audio byte". */
  endedAt: number;
}

/**
 * Records from the first speech to the pause that ends it. Resolves null when `signal` aborts before anyone spoke;
 * `finishNow` (tapping) ends a recording that has speech in it at once.
 */
export function recordUtterance(microphone: Microphone, signal: AbortSignal, finishNow: AbortSignal): Promise<Utterance | null> {
  const type = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"].find((candidate) => MediaRecorder.isTypeSupported(candidate));
  const recorder = new MediaRecorder(microphone.stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const startedAt = performance.now();
  recorder.start(250);
  return new Promise((resolve) => {
    let spokeAt = 0;
    let loudSince = 0;
    let quietSince = 0;
    const finish = (heard: boolean) => {
      const endedAt = performance.now();
      recorder.onstop = () => resolve(heard ? { blob: new Blob(chunks, { type: recorder.mimeType }), seconds: (endedAt - startedAt) / 1000, endedAt } : null);
      recorder.stop();
    };
    void (async () => {
      for (;;) {
        if (signal.aborted) return finish(false);
        const now = performance.now();
        if (finishNow.aborted && spokeAt) return finish(true);
        if (now - startedAt > MAX_RECORDING_SECONDS * 1000) return finish(spokeAt > 0);
        const loud = microphone.level() > SPEECH_LEVEL;
        if (loud) {
          quietSince = 0;
          loudSince ||= now;
          if (!spokeAt && now - loudSince >= SPEECH_ONSET_MS) spokeAt = loudSince;
        } else {
          loudSince = 0;
          quietSince ||= now;
          if (spokeAt && now - quietSince >= END_OF_SPEECH_MS) return finish(true);
        }
        await tick();
      }
    })();
  });
}

/** The server's words for a recording; throws the server's message (already in the person's language). */
export async function transcribeUtterance(utterance: Utterance): Promise<TranscriptionResult> {
  const form = new FormData();
  const extension = utterance.blob.type.includes("ogg") ? "ogg" : utterance.blob.type.includes("mp4") ? "m4a" : "webm";
  form.set("file", utterance.blob, `question.${extension}`);
  form.set("seconds", utterance.seconds.toFixed(1));
  const response = await fetch("/api/transcriptions", { method: "POST", body: form });
  const payload = (await response.json().catch(() => null)) as (TranscriptionResult & { error?: { message?: string } }) | null;
  if (!response.ok || !payload) throw new Error(payload?.error?.message ?? "");
  return { text: payload.text, demo: payload.demo };
}
