// Voice input through the browser's speech recognition. Microphone problems map to docs/product.md §8's three messages.
export type MicrophoneError = "microphone/denied" | "microphone/not-found" | "microphone/failed";

export function microphoneErrorOf(error: unknown): MicrophoneError {
  const name = (error as { name?: string; error?: string } | null)?.name ?? (error as { error?: string } | null)?.error;
  if (name === "NotAllowedError" || name === "SecurityError" || name === "not-allowed" || name === "service-not-allowed") return "microphone/denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "audio-capture") return "microphone/not-found";
  return "microphone/failed";
}

interface RecognitionLike {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

/** Asks for the microphone, then listens; resolves when listening ends. Throws a MicrophoneError code. */
export async function listen(locale: string, onText: (text: string) => void, signal: AbortSignal): Promise<void> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
  } catch (error) {
    throw microphoneErrorOf(error);
  }
  const Recognition =
    (window as unknown as Record<string, new () => RecognitionLike>).SpeechRecognition ??
    (window as unknown as Record<string, new () => RecognitionLike>).webkitSpeechRecognition;
  if (!Recognition) throw "microphone/failed" satisfies MicrophoneError;
  const recognition = new Recognition();
  recognition.lang = locale === "tr" ? "tr-TR" : "en-US";
  recognition.interimResults = true;
  recognition.continuous = false;
  await new Promise<void>((resolve, reject) => {
    recognition.onresult = (event) => {
      onText(Array.from(event.results, (result) => result[0]?.transcript ?? "").join(""));
    };
    recognition.onerror = (event) => (event.error === "no-speech" || event.error === "aborted" ? resolve() : reject(microphoneErrorOf(event)));
    recognition.onend = () => resolve();
    signal.addEventListener("abort", () => recognition.stop());
    recognition.start();
  });
}
