// Reading an answer aloud (docs/decisions/0025-voice.md), loaded on the first press of "Read aloud" or when voice mode
// opens. The server's voice when it has one (POST /api/speech, played while it streams in), else the browser's speech
// synthesis in the page's language. One answer is read at a time: starting another stops the first.
import { speakableText } from "~/lib/speakable-text";

export interface ReadOptions {
  messageId: string;
  /** The answer's Markdown (the browser's voice reads it as prose; the server makes its own). */
  text: string;
  locale: string;
  /** "code" in the page's language, said in place of a code block. */
  codeWord: string;
  /** 0 to 1, as the reading goes on. */
  onProgress?: (fraction: number) => void;
  /** The first sound is about to play. */
  onStart?: () => void;
  /** Finished, stopped, or failed (`error`: the server's message, in the person's language). */
  onEnd?: (outcome: { stopped: boolean; error?: string }) => void;
}

export interface Reading {
  stop(): void;
}

let current: Reading | null = null;
/** Set once the server has said it has no voice: the browser reads from then on, without asking again. */
let serverHasNoVoice = false;

/** Reads aloud; the returned handle stops it. */
export function readAloud(options: ReadOptions): Reading {
  current?.stop();
  let ended = false;
  const end = (outcome: { stopped: boolean; error?: string }) => {
    if (ended) return;
    ended = true;
    if (current === reading) current = null;
    options.onEnd?.(outcome);
  };
  const controller = new AbortController();
  let stopPlayer: (() => void) | null = null;
  const reading: Reading = {
    stop() {
      controller.abort();
      stopPlayer?.();
      end({ stopped: true });
    },
  };
  current = reading;
  const fallBackToBrowser = () => {
    stopPlayer = speakInBrowser(options, end);
  };
  if (serverHasNoVoice) fallBackToBrowser();
  else
    void fetch("/api/speech", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // No voice named: the server speaks with the account's own (Settings › Account › Voice).
      body: JSON.stringify({ messageId: options.messageId }),
      signal: controller.signal,
    }).then(
      async (response) => {
        if (ended) return;
        if (response.ok && response.body) {
          stopPlayer = playStream(response.body, options, end);
          return;
        }
        const payload = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        if (payload?.error?.code === "voice/unavailable") {
          serverHasNoVoice = true;
          fallBackToBrowser();
        } else end({ stopped: false, error: payload?.error?.message ?? "" });
      },
      () => end({ stopped: !ended && controller.signal.aborted, error: controller.signal.aborted ? undefined : "" }),
    );
  return reading;
}

/** About how long speech lasts (15 characters a second), for progress while a stream's length is still unknown. */
const estimatedSeconds = (text: string) => Math.max(1, text.length / 15);

/** Plays an MP3 stream as it arrives (Media Source Extensions where the browser has them, else once downloaded). */
function playStream(body: ReadableStream<Uint8Array<ArrayBuffer>>, options: ReadOptions, end: (outcome: { stopped: boolean; error?: string }) => void) {
  const audio = new Audio();
  const estimate = estimatedSeconds(options.text);
  let url = "";
  let started = false;
  audio.addEventListener("playing", () => {
    if (started) return;
    started = true;
    options.onStart?.();
  });
  audio.addEventListener("timeupdate", () => {
    const total = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : estimate;
    options.onProgress?.(Math.min(1, audio.currentTime / total));
  });
  audio.addEventListener("ended", () => {
    options.onProgress?.(1);
    end({ stopped: false });
  });
  audio.addEventListener("error", () => end({ stopped: false, error: "" }));
  const reader = body.getReader();
  if (typeof MediaSource !== "undefined" && MediaSource.isTypeSupported("audio/mpeg")) {
    const source = new MediaSource();
    url = URL.createObjectURL(source);
    audio.src = url;
    source.addEventListener(
      "sourceopen",
      () => {
        const buffer = source.addSourceBuffer("audio/mpeg");
        const appended = () => new Promise<void>((resolve) => buffer.addEventListener("updateend", () => resolve(), { once: true }));
        void (async () => {
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              buffer.appendBuffer(value);
              await appended();
              if (audio.paused && !started) void audio.play().catch(() => end({ stopped: false, error: "" }));
            }
            if (source.readyState === "open") source.endOfStream();
          } catch {
            // Stopped (the reader was cancelled) or the stream failed: the player ends with what it has.
            if (source.readyState === "open") source.endOfStream();
          }
        })();
      },
      { once: true },
    );
  } else {
    void new Response(body).blob().then((blob) => {
      url = URL.createObjectURL(blob);
      audio.src = url;
      void audio.play().catch(() => end({ stopped: false, error: "" }));
    });
  }
  return () => {
    void reader.cancel().catch(() => undefined);
    audio.pause();
    if (url) URL.revokeObjectURL(url);
  };
}

/** The browser's own voice, in the page's language. */
function speakInBrowser(options: ReadOptions, end: (outcome: { stopped: boolean; error?: string }) => void) {
  if (typeof speechSynthesis === "undefined") {
    end({ stopped: false, error: "" });
    return () => undefined;
  }
  const text = speakableText(options.text, options.codeWord);
  const utterance = new SpeechSynthesisUtterance(text);
  const lang = options.locale === "tr" ? "tr-TR" : "en-US";
  utterance.lang = lang;
  const voice = speechSynthesis.getVoices().find((candidate) => candidate.lang.replace("_", "-").startsWith(lang.slice(0, 2)));
  if (voice) utterance.voice = voice;
  utterance.onstart = () => options.onStart?.();
  utterance.onboundary = (event) => options.onProgress?.(Math.min(1, event.charIndex / Math.max(1, text.length)));
  utterance.onend = () => {
    options.onProgress?.(1);
    end({ stopped: false });
  };
  utterance.onerror = (event) => end({ stopped: event.error === "interrupted" || event.error === "canceled" });
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
  return () => speechSynthesis.cancel();
}
