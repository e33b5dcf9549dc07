// Voice figure for `npm run bench` (decision 0025): the time from the end of a spoken question to the first byte of the
// answer's audio, through the app and directly against the fake upstream, on the chat bench's server and user. The
// app's part of a voice turn is three calls after the person stops speaking: the recording to POST /api/transcriptions,
// its words as a chat turn (POST /api/chat, read to the end: the answer is read aloud once it is complete), and the
// answer to POST /api/speech until its first byte. Direct is the same three calls to the fake; the app's share is the
// difference, paired per run.
import { randomUUID } from "node:crypto";
import { toneWav } from "../mocks/fake-audio.mjs";

export const VOICE_BENCH = { runs: 40, warmup: 5 };

/** A 1.5 s spoken question, as the recorder would send it. */
const RECORDING = toneWav({ leadSeconds: 0, toneSeconds: 1.5, tailSeconds: 0 });

function recordingForm() {
  const form = new FormData();
  form.set("file", new Blob([RECORDING], { type: "audio/wav" }), "question.wav");
  return form;
}

/** Resolves when the first byte of a body arrives (the rest is read and dropped). */
async function firstByte(response, started) {
  const reader = response.body.getReader();
  const { value } = await reader.read();
  const at = performance.now() - started;
  if (!value?.length) throw new Error("an empty audio answer");
  while (!(await reader.read()).done);
  return at;
}

async function drain(response, what) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function directTurn(fakeUrl) {
  const auth = { Authorization: "Bearer sk-fake-bench" };
  const started = performance.now();
  const form = recordingForm();
  form.set("model", "gpt-4o-mini-transcribe");
  const heard = await (await drain(await fetch(`${fakeUrl}/audio/transcriptions`, { method: "POST", headers: auth, body: form }), "transcription")).json();
  const chat = await drain(
    await fetch(`${fakeUrl}/chat/completions`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: heard.text }], stream: true }),
    }),
    "chat",
  );
  const answer = await chat.text();
  const speech = await drain(
    await fetch(`${fakeUrl}/audio/speech`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini-tts", voice: "alloy", input: answer.slice(0, 200), response_format: "mp3" }),
    }),
    "speech",
  );
  return firstByte(speech, started);
}

async function appTurn(bench) {
  const headers = { Cookie: bench.cookie };
  const base = bench.server.baseUrl;
  const started = performance.now();
  const heard = await (
    await drain(await fetch(`${base}/api/transcriptions`, { method: "POST", headers, body: recordingForm() }), "POST /api/transcriptions")
  ).json();
  const chat = await drain(
    await fetch(`${base}/api/chat`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message: heard.text, mode: "send" }),
    }),
    "POST /api/chat",
  );
  const messageId = chat.headers.get("X-Message-Id");
  await chat.arrayBuffer();
  const speech = await drain(
    await fetch(`${base}/api/speech`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ messageId }) }),
    "POST /api/speech",
  );
  return firstByte(speech, started);
}

/** Returns { app, direct, added } (ms per run) after VOICE_BENCH.warmup unrecorded runs. */
export async function measureVoiceTurn(bench) {
  const app = [];
  const direct = [];
  const added = [];
  for (let index = 0; index < VOICE_BENCH.warmup + VOICE_BENCH.runs; index++) {
    const directMs = await directTurn(bench.fake.url);
    const appMs = await appTurn(bench);
    if (index < VOICE_BENCH.warmup) continue;
    app.push(appMs);
    direct.push(directMs);
    added.push(appMs - directMs);
  }
  return { app, direct, added, runs: VOICE_BENCH.runs };
}
