// The fake OpenAI-compatible server's audio endpoints (fake-openai.mjs routes /v1/audio/* here):
//   POST /v1/audio/speech          JSON { model, input, voice, response_format } -> a short valid audio file of the
//                                  asked format (silent MP3 or Ogg/Opus, WAV otherwise), streamed in two writes;
//                                  `settings.speechSeconds` long (1.5 s unless a test sets it on the fake's `audio`)
//   POST /v1/audio/transcriptions  multipart { file, model } -> { "text": FAKE_TRANSCRIPT, usage }, whatever was said;
//                                  usage is token counts (as gpt-4o-mini-transcribe reports), or, for a model named
//                                  `...seconds=<n>`, `{ type: "duration", seconds: n }` (as whisper-1 reports the
//                                  audio's length), so a test decides what length the provider heard
// The model "fail" answers 500 on either, so tests can see a failure apologised for and refunded.
// Every call is recorded (stats.audio), and GET /__audio-calls returns the record: tests inside workerd cannot read
// the Node object, and count speech calls for their own answer's words (the fake is shared by parallel test files).
import { silentMp3, silentOggOpus, toneWav } from "./fake-audio.mjs";

/** What every recording "says": a fixed question, so a voice turn's text is known in advance. */
export const FAKE_TRANSCRIPT = "What is the capital of Turkey?";

const JSON_HEADERS = { "Content-Type": "application/json" };
/** How the fake speaks; a test may lengthen speech to have time to interrupt it (fake.audio.speechSeconds). */
export function audioSettings() {
  return { speechSeconds: 1.5 };
}

const AUDIO = {
  mp3: { type: "audio/mpeg", bytes: (seconds) => silentMp3(seconds) },
  opus: { type: "audio/ogg", bytes: (seconds) => silentOggOpus(seconds) },
  wav: { type: "audio/wav", bytes: () => toneWav({ leadSeconds: 0, toneSeconds: 0.5, tailSeconds: 0.5 }) },
};

function failure(response) {
  response
    .writeHead(500, JSON_HEADERS)
    .end(JSON.stringify({ error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } }));
}

/** A multipart field's text value (the file part is binary; only short text fields are read this way). */
function multipartField(raw, name) {
  const match = raw.match(new RegExp(`name="${name}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r\\n]*)`));
  return match?.[1] ?? null;
}

/** Handles /v1/audio/*; returns false for another path. `raw` is the body as a Buffer. */
export async function handleAudioRequest(pathname, raw, response, { count, stats, log, settings = audioSettings() }) {
  stats.audio ??= { speech: [], transcriptions: [] };
  if (pathname === "/v1/audio/speech") {
    const body = JSON.parse(raw.toString("utf8"));
    stats.audio.speech.push({ input: String(body.input ?? ""), voice: body.voice, format: body.response_format ?? "mp3", model: body.model });
    if (log) console.log(`fake-openai: speech ${body.voice} ${String(body.input).length} chars`);
    if (body.model === "fail") return (count(stats.byStatus, 500), failure(response), true);
    const audio = AUDIO[body.response_format] ?? AUDIO.mp3;
    const bytes = audio.bytes(settings.speechSeconds);
    count(stats.byStatus, 200);
    response.writeHead(200, { "Content-Type": audio.type, "Transfer-Encoding": "chunked" });
    // Two writes, so the app's stream is seen to pass audio on before the provider has finished.
    const half = Math.floor(bytes.length / 2);
    await new Promise((resolve) => response.write(bytes.subarray(0, half), resolve));
    response.end(bytes.subarray(half));
    return true;
  }
  if (pathname === "/v1/audio/transcriptions") {
    const text = raw.toString("latin1");
    const model = multipartField(text, "model");
    stats.audio.transcriptions.push({ model, bytes: raw.length });
    if (model === "fail") return (count(stats.byStatus, 500), failure(response), true);
    count(stats.byStatus, 200);
    const heard = /seconds=(\d+(?:\.\d+)?)/.exec(model ?? "");
    const usage = heard
      ? { type: "duration", seconds: Number(heard[1]) }
      : { type: "tokens", input_tokens: 50, input_token_details: { audio_tokens: 50, text_tokens: 0 }, output_tokens: 8, total_tokens: 58 };
    response.writeHead(200, JSON_HEADERS).end(JSON.stringify({ text: FAKE_TRANSCRIPT, usage }));
    return true;
  }
  return false;
}
