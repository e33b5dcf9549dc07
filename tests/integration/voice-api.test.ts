// Voice over HTTP (docs/decisions/0025-voice.md): POST /api/speech reads one of the asker's answers aloud through the
// fake provider and keeps the audio in R2 (a second play makes no upstream call and costs nothing); POST
// /api/transcriptions hears a recording. Both are metered per minute, refuse what they must in the person's language,
// and give the credits back when the provider fails.
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { FAKE_TRANSCRIPT, type AudioCalls } from "../mocks/fake-openai-audio.mjs";
import { silentOggOpus, toneWav } from "../mocks/fake-audio.mjs";
import { mirrorWords } from "../mocks/fake-openai-replies.mjs";
import { createUser } from "./auth-helpers";
import { Client, credits, sendTurn, threadMessages, upstreamEnv } from "./chat-helpers";
import { deleteAccountToTheEnd } from "./deletion-helpers";
import { appEnv, creditsStub } from "./helpers";
import { countingAccounts } from "../mocks/account-call-counter";
import type { AppEnv } from "../../app/.server/env";

async function signedIn(options: { accessLevel?: "basic" | "pro"; vars?: Record<string, string> } = {}) {
  const user = await createUser({ accessLevel: options.accessLevel ?? "basic" });
  const client = new Client(undefined, upstreamEnv("normal", options.vars));
  const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
  if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { client, user };
}

/** A finished answer of `client`'s, to a question no other test asks (so its speech calls can be counted). */
async function answer(client: Client) {
  const question = `Tell me about ${crypto.randomUUID().slice(0, 8)} please`;
  const turn = await sendTurn(client, { message: question });
  expect(turn.done?.status).toBe("complete");
  return { messageId: turn.messageId!, threadId: turn.threadId!, marker: mirrorWords(question)[3]! };
}

function speech(client: Client, body: unknown) {
  return client.fetch("/api/speech", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

function transcription(client: Client, file: Blob | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.set("file", file, "recording.wav");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return client.fetch("/api/transcriptions", { method: "POST", body: form });
}

async function speechCallsOf(marker: string) {
  const origin = new URL(inject("fakeUpstreamUrl")).origin;
  const calls = (await (await fetch(`${origin}/__audio-calls`)).json()) as AudioCalls;
  return calls.speech.filter((call) => call.input.includes(marker));
}
const speechCallsFor = async (marker: string) => (await speechCallsOf(marker)).length;

function chooseVoice(client: Client, voice: string) {
  return client.fetch("/api/settings/voice", { method: "POST", body: new URLSearchParams({ voice }) });
}

const wav = (options?: Parameters<typeof toneWav>[0]) => new Blob([toneWav(options)], { type: "audio/wav" });

describe("POST /api/speech", () => {
  it("streams the answer's audio, charges a minute, and plays the second time from R2 with no upstream call or charge", async () => {
    const { client, user } = await signedIn();
    const { messageId, threadId, marker } = await answer(client);
    const before = await credits(client);

    const first = await speech(client, { messageId, voice: "nova" });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(first.headers.get("X-Speech-Cache")).toBe("miss");
    const audio = new Uint8Array(await first.arrayBuffer());
    expect([...audio.slice(0, 2)]).toEqual([0xff, 0xfb]);
    expect((await credits(client)).used).toBe(before.used + 1);
    expect(await appEnv.MEDIA.head(`speech/${user.id}/${threadId}/${messageId}/nova.mp3`)).not.toBeNull();

    const second = await speech(client, { messageId, voice: "nova" });
    expect(second.headers.get("X-Speech-Cache")).toBe("hit");
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(audio);
    expect(await speechCallsFor(marker)).toBe(1);
    expect((await credits(client)).used).toBe(before.used + 1);

    // Another voice is another recording.
    expect((await speech(client, { messageId, voice: "onyx" })).headers.get("X-Speech-Cache")).toBe("miss");
    expect(await speechCallsFor(marker)).toBe(2);
  });

  it("answers 404 for another account's answer, and for a visitor, without calling the provider", async () => {
    const { client } = await signedIn();
    const { messageId, marker } = await answer(client);
    const { client: stranger } = await signedIn();

    const foreign = await speech(stranger, { messageId });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ ok: false, error: { code: "chat/not-found" } });
    expect((await speech(new Client(undefined, upstreamEnv("normal")), { messageId })).status).toBe(404);
    expect(await speechCallsFor(marker)).toBe(0);
  });

  it("refuses a bad body or a question instead of an answer with a 400", async () => {
    const { client, user } = await signedIn();
    const turn = await sendTurn(client, { message: "Hello" });
    expect((await speech(client, { messageId: turn.messageId, voice: "robot" })).status).toBe(400);
    expect((await speech(client, {})).status).toBe(400);
    const question = (await threadMessages(user.id, turn.threadId!)).find((message) => message.role === "user");
    const refused = await speech(client, { messageId: question!.id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "request/invalid" } });
  });

  it("apologises and refunds when the provider fails", async () => {
    const { client } = await signedIn({ vars: { OPENAI_SPEECH_MODEL: "fail" } });
    const { messageId } = await answer(client);
    const before = await credits(client);
    const failed = await speech(client, { messageId });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: { code: "voice/speech-failed", message: expect.stringContaining("refunded") } });
    expect((await credits(client)).used).toBe(before.used);
  });

  it("says the browser's voice is used when only a provider without speech is configured", async () => {
    const { client } = await signedIn();
    const { messageId } = await answer(client);
    const other = client.withEnv({ ...appEnv, ANTHROPIC_API_KEY: "sk-ant-fake" } as typeof appEnv);
    const refused = await speech(other, { messageId });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: "voice/unavailable" } });
  });

  it("refuses with credits/exhausted when the day's credits are spent", async () => {
    const { client } = await signedIn();
    const { messageId } = await answer(client);
    const spent = client.withEnv(upstreamEnv("normal", { CREDITS_FREE_DAILY: "1" }));
    const refused = await speech(spent, { messageId });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { code: "credits/exhausted" } });
  });
});

describe("the voice chosen in Settings", () => {
  it("is kept with the account and speaks the answers read aloud; the default until one is chosen", async () => {
    const { client } = await signedIn();
    const first = await answer(client);
    await (await speech(client, { messageId: first.messageId })).arrayBuffer();
    expect((await speechCallsOf(first.marker)).map((call) => call.voice)).toEqual(["alloy"]);

    const chosen = await chooseVoice(client, "coral");
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ ok: true, voice: "coral" });
    expect((await client.loaderData("/settings/account", "routes/_main.settings.account")).data).toMatchObject({ voice: "coral" });
    const second = await answer(client);
    await (await speech(client, { messageId: second.messageId })).arrayBuffer();
    expect((await speechCallsOf(second.marker)).map((call) => call.voice)).toEqual(["coral"]);
  });

  it("refuses a voice not on offer with a translated field error, and a visitor, keeping nothing", async () => {
    const { client, user } = await signedIn();
    client.cookies.set("locale", "tr");
    const refused = await chooseVoice(client, "robot");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: "request/invalid", fieldErrors: { voice: "Sunulan seslerden birini seçin" } } });
    const missing = await client.fetch("/api/settings/voice", { method: "POST", body: new URLSearchParams() });
    expect(missing.status).toBe(400);
    const row = await appEnv.DB.prepare("SELECT voice FROM users WHERE id = ?1").bind(user.id).first<{ voice: string | null }>();
    expect(row?.voice).toBeNull();
    expect((await chooseVoice(new Client(undefined, upstreamEnv("normal")), "coral")).status).toBe(401);
  });
});

describe("cached speech is deleted with its answer", () => {
  /** Plays an answer of a new thread to the end, so its audio is in R2; that object's key. */
  async function playedAnswer(client: Client, userId: string) {
    const { messageId, threadId } = await answer(client);
    await (await speech(client, { messageId, voice: "nova" })).arrayBuffer();
    const key = `speech/${userId}/${threadId}/${messageId}/nova.mp3`;
    expect(await appEnv.MEDIA.head(key)).not.toBeNull();
    return { threadId, key };
  }

  it("not when deleting all chats fails in the account's object: the chats and their audio stay together", async () => {
    const { client, user } = await signedIn();
    const kept = await playedAnswer(client, user.id);
    const failing = client.withEnv({ ...client.env, ACCOUNT: countingAccounts(client.env.ACCOUNT, [], (call) => call === "chat.deleteAll") } as AppEnv);
    expect((await failing.action("/settings/account", { intent: "delete-chats" })).status).toBe(500);
    expect(await appEnv.MEDIA.head(kept.key)).not.toBeNull();
    expect(await threadMessages(user.id, kept.threadId)).toHaveLength(2);
    // Asked again once the object answers: everything goes.
    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toEqual({ ok: true, notice: "actionCompleted" });
    expect(await appEnv.MEDIA.head(kept.key)).toBeNull();
  });

  it("when its thread is deleted, and only that thread's", async () => {
    const { client, user } = await signedIn();
    const deleted = await playedAnswer(client, user.id);
    const kept = await playedAnswer(client, user.id);
    const response = await client.fetch(`/api/threads/${deleted.threadId}`, { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    expect(response.status).toBe(200);
    expect(await appEnv.MEDIA.head(deleted.key)).toBeNull();
    expect(await appEnv.MEDIA.head(kept.key)).not.toBeNull();
  });

  it("when all chats are deleted, and when the account is", async () => {
    const { client, user } = await signedIn();
    const chats = await playedAnswer(client, user.id);
    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toEqual({ ok: true, notice: "actionCompleted" });
    expect(await appEnv.MEDIA.head(chats.key)).toBeNull();

    const account = await playedAnswer(client, user.id);
    expect((await deleteAccountToTheEnd(client)).redirect).toContain("account-deleted");
    expect(await appEnv.MEDIA.head(account.key)).toBeNull();
  });
});

describe("POST /api/transcriptions", () => {
  it("returns the provider's words and charges a credit per started minute", async () => {
    const { client } = await signedIn();
    const before = await credits(client);
    const heard = await transcription(client, wav({ toneSeconds: 61 }));
    expect(heard.status).toBe(200);
    expect(await heard.json()).toEqual({ ok: true, text: FAKE_TRANSCRIPT, demo: false });
    expect((await credits(client)).used).toBe(before.used + 2);
  });

  it("with no key at all, the demo provider answers a fixed phrase that says so", async () => {
    const client = new Client();
    client.cookies.set("locale", "tr");
    const heard = await transcription(client, wav());
    expect(heard.status).toBe(200);
    expect(await heard.json()).toMatchObject({ ok: true, demo: true, text: expect.stringContaining("Demo") });
    expect((await credits(client)).used).toBe(1);
  });

  it("refuses what it must, in the person's language, charging nothing", async () => {
    const { client } = await signedIn();
    client.cookies.set("locale", "tr");
    const before = await credits(client);
    // 700 s of 8 kHz audio: its data counts.
    const long = await transcription(client, wav({ sampleRate: 8000, leadSeconds: 0, toneSeconds: 0, tailSeconds: 700 }));
    expect(long.status).toBe(413);
    expect(await long.json()).toMatchObject({ error: { code: "voice/too-long", message: expect.stringContaining("10 dakika") } });
    // A compressed recording cannot claim fewer seconds than its bytes allow, but can claim more.
    const claimed = await transcription(client, new Blob([new Uint8Array([0x4f, 0x67, 0x67, 0x53, ...new Uint8Array(60)])]), { seconds: "601" });
    expect(await claimed.json()).toMatchObject({ error: { code: "voice/too-long" } });
    const large = await transcription(client, new Blob([new Uint8Array(25 * 1024 * 1024 + 70 * 1024)]));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: "voice/too-large", message: expect.stringContaining("25 MB") } });
    const notAudio = await transcription(client, new Blob([new TextEncoder().encode("<html>not a recording</html>")]));
    expect(notAudio.status).toBe(415);
    expect(await notAudio.json()).toMatchObject({ error: { code: "voice/invalid-type" } });
    const empty = await transcription(client, null);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: "voice/empty" } });
    expect((await credits(client)).used).toBe(before.used);
  });

  it("measures the audio, not the header: a forged WAV or Ogg costs what the honest file costs, or is refused", async () => {
    const { client } = await signedIn();
    client.cookies.set("locale", "tr");
    let used = (await credits(client)).used;
    const charged = async () => {
      const now = (await credits(client)).used;
      const spent = now - used;
      used = now;
      return spent;
    };
    // 130 s whose byte rate claims 0.006 s: refused, in the person's language.
    const honest = toneWav({ leadSeconds: 0, toneSeconds: 0, tailSeconds: 130 });
    const forgedRate = honest.slice();
    new DataView(forgedRate.buffer).setUint32(28, 0xffffffff, true);
    const refused = await transcription(client, new Blob([forgedRate]));
    expect(refused.status).toBe(415);
    expect(await refused.json()).toMatchObject({ error: { code: "voice/unreadable", message: expect.stringContaining("okunamadı") } });
    expect(await charged()).toBe(0);
    // 12 minutes whose data chunk claims 1,000 bytes, and 12 minutes of Ogg/Opus whose granules claim a second.
    const twelveMinutes = toneWav({ sampleRate: 8000, leadSeconds: 0, toneSeconds: 0, tailSeconds: 720 });
    new DataView(twelveMinutes.buffer).setUint32(40, 1000, true);
    for (const file of [twelveMinutes, silentOggOpus(720, { forgedGranule: 48_000 })]) {
      const long = await transcription(client, new Blob([file]));
      expect(long.status).toBe(413);
      expect(await long.json()).toMatchObject({ error: { code: "voice/too-long" } });
    }
    expect(await charged()).toBe(0);
    // 130 s of Opus at 16 kbit/s whose granules claim nothing: three started minutes, like the honest file.
    expect((await transcription(client, new Blob([silentOggOpus(130, { packetBytes: 40, forgedGranule: 0 })]))).status).toBe(200);
    expect(await charged()).toBe(3);
    expect((await transcription(client, new Blob([honest]))).status).toBe(200);
    expect(await charged()).toBe(3);
  });

  it("settles the charge on the length the provider reports: the difference charged, or given back", async () => {
    const longer = await signedIn({ vars: { OPENAI_TRANSCRIPTION_MODEL: "whisper-1?seconds=250" } });
    expect((await transcription(longer.client, wav())).status).toBe(200);
    expect((await credits(longer.client)).used).toBe(5);
    const shorter = await signedIn({ vars: { OPENAI_TRANSCRIPTION_MODEL: "whisper-1?seconds=50" } });
    expect((await transcription(shorter.client, wav({ toneSeconds: 130 }))).status).toBe(200);
    expect((await credits(shorter.client)).used).toBe(1);
  });

  it("apologises and refunds when the provider fails", async () => {
    const { client } = await signedIn({ vars: { OPENAI_TRANSCRIPTION_MODEL: "fail" } });
    const failed = await transcription(client, wav());
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: { code: "voice/transcription-failed", message: expect.stringMatching(/^Sorry.*refunded/) } });
    expect((await credits(client)).used).toBe(0);
  });

  it("Pro is unlimited in credits but stops at the day's fair-use minutes", async () => {
    const { client, user } = await signedIn({ accessLevel: "pro" });
    expect((await transcription(client, wav())).status).toBe(200);
    await creditsStub(`voice:${user.id}`).consume({ key: "earlier-today", cost: 119, limit: null });
    const refused = await transcription(client, wav());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: "voice/fair-use" } });
  });
});
