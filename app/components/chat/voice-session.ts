// One voice conversation (docs/decisions/0025-voice.md): listen, show the words, send them as an ordinary chat turn,
// wait for the answer, read it aloud, listen again. It lives at module level, not in a component: the first turn of a
// new chat moves the page to the thread's address, which mounts a new chat screen, and the conversation (and its
// microphone) must carry on there. The panel binds the current screen's `send` and messages on every render.
import type { MicrophoneError } from "./voice";
import { listen } from "./voice";
import { openMicrophone, recordUtterance, transcribeUtterance, waitForVoice, type Microphone } from "./voice-capture";
import { readAloud, type Reading } from "./reader";
import { isPlaceholder, type ChatMessage } from "./chat-state";
import { createStore } from "~/lib/store";

export type VoicePhase = "ready" | "listening" | "transcribing" | "answering" | "speaking" | "stopped";

export interface VoiceState {
  phase: VoicePhase;
  /** The person's last words (as recognised so far in the browser's recognition). */
  heard: string;
  /** The demo provider made `heard` up. */
  demo: boolean;
  /** The answer being read. */
  answer: string;
  /** A translated message to show (a microphone or server problem), or an errors: code for the panel to translate. */
  problem: { code?: MicrophoneError | string; message?: string } | null;
  notice: "nothingHeard" | null;
}

export interface VoiceBindings {
  send: (text: string) => Promise<{ ok: boolean; code?: string }>;
  messages: ChatMessage[];
  /** Server transcription (a provider key) or the browser's speech recognition. */
  transcription: "server" | "browser";
  locale: string;
  codeWord: string;
}

const INITIAL: VoiceState = { phase: "ready", heard: "", demo: false, answer: "", problem: null, notice: null };

const voiceState = createStore<VoiceState>(INITIAL);
let bindings: VoiceBindings | null = null;
let session: AbortController | null = null;
let microphone: Microphone | null = null;
let reading: Reading | null = null;
/** Ends the current recording now (a tap while listening). */
let finishListening: AbortController | null = null;
let answerWaiter: { question: string; resolve: (answer: ChatMessage) => void } | null = null;

function set(patch: Partial<VoiceState>) {
  voiceState.set((state) => ({ ...state, ...patch }));
}

export const voiceSession = {
  /** The conversation's phase, words and problems, for the panel (useStore). */
  state: voiceState,

  /** The current chat screen's send and messages; a finished answer to the question asked ends the wait for it. */
  bind(next: VoiceBindings) {
    bindings = next;
    if (answerWaiter) {
      const answer = finishedAnswerTo(answerWaiter.question, next.messages);
      if (answer) {
        answerWaiter.resolve(answer);
        answerWaiter = null;
      }
    }
  },

  /** Starts the conversation (after the cost was shown and the person pressed start). */
  start() {
    if (session) return;
    session = new AbortController();
    set({ ...INITIAL, phase: "listening" });
    void converse(session.signal);
  },

  /** A tap: stops the answer being read (and listens), or ends the question being recorded. */
  interrupt() {
    if (voiceState.get().phase === "speaking") reading?.stop();
    else if (voiceState.get().phase === "listening") finishListening?.abort();
  },

  /** Ends everything: the microphone, the reading, the wait. The thread keeps every turn already sent. */
  close() {
    session?.abort();
    session = null;
    reading?.stop();
    microphone?.close();
    microphone = null;
    answerWaiter = null;
    set(INITIAL);
  },
};

/** The answer after the last question if that question is `question` and the answer is finished. */
function finishedAnswerTo(question: string, messages: ChatMessage[]): ChatMessage | null {
  const last = messages[messages.length - 1];
  const asked = messages[messages.length - 2];
  if (!last || !asked || last.role !== "assistant" || asked.role !== "user" || asked.content !== question) return null;
  return last.status !== "streaming" && !isPlaceholder(last.id) ? last : null;
}

function waitForAnswer(question: string, signal: AbortSignal): Promise<ChatMessage | null> {
  return new Promise((resolve) => {
    const ready = bindings && finishedAnswerTo(question, bindings.messages);
    if (ready) return resolve(ready);
    answerWaiter = { question, resolve };
    signal.addEventListener("abort", () => resolve(null), { once: true });
  });
}

/** The person's next words: recorded and sent to the server, or heard by the browser's recognition. */
async function hear(signal: AbortSignal): Promise<{ text: string; demo: boolean } | null> {
  if (bindings?.transcription === "browser") {
    let text = "";
    await listen(
      bindings.locale,
      (words) => {
        text = words;
        set({ heard: words });
      },
      signal,
    );
    return { text: text.trim(), demo: false };
  }
  microphone ??= await openMicrophone();
  finishListening = new AbortController();
  const utterance = await recordUtterance(microphone, signal, finishListening.signal);
  if (!utterance) return null;
  set({ phase: "transcribing" });
  return transcribeUtterance(utterance);
}

/** Reads the answer; resolves when it ends, is tapped away, or the person starts talking over it. */
function speak(answer: ChatMessage, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const overVoice = new AbortController();
    reading = readAloud({
      messageId: answer.id,
      text: answer.content,
      locale: bindings?.locale ?? "en",
      codeWord: bindings?.codeWord ?? "code",
      onEnd: ({ error }) => {
        reading = null;
        overVoice.abort();
        if (error !== undefined) set({ problem: { code: "voice/speech-failed", message: error || undefined } });
        resolve();
      },
    });
    signal.addEventListener("abort", () => reading?.stop(), { once: true });
    // Talking over the answer interrupts it (the browser's echo cancellation keeps its own voice out of the microphone).
    if (microphone) void waitForVoice(microphone, overVoice.signal).then((spoke) => spoke && reading?.stop());
  });
}

async function converse(signal: AbortSignal) {
  while (!signal.aborted) {
    set({ phase: "listening", heard: "", demo: false, answer: "", notice: null });
    let heard: { text: string; demo: boolean } | null;
    try {
      heard = await hear(signal);
    } catch (error) {
      if (signal.aborted) return;
      const code = typeof error === "string" ? error : undefined;
      set({ phase: "stopped", problem: code ? { code } : { code: "voice/transcription-failed", message: (error as Error).message || undefined } });
      return stopQuietly();
    }
    if (signal.aborted) return;
    if (!heard?.text) {
      set({ notice: "nothingHeard" });
      continue;
    }
    set({ phase: "answering", heard: heard.text, demo: heard.demo, problem: null });
    const sent = await bindings?.send(heard.text);
    if (!sent?.ok) {
      set({ phase: "stopped", problem: sent?.code ? { code: sent.code } : null });
      return stopQuietly();
    }
    const answer = await waitForAnswer(heard.text, signal);
    if (!answer || signal.aborted) return;
    if (answer.status === "failed" || !answer.content) {
      set({ problem: { code: answer.errorCode ?? "chat/upstream-failed" } });
      continue;
    }
    set({ phase: "speaking", answer: answer.content });
    await speak(answer, signal);
  }
}

/** Ends the session after a problem but keeps the problem on screen. */
function stopQuietly() {
  session?.abort();
  session = null;
  microphone?.close();
  microphone = null;
}
