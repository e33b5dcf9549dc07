// WhatsApp voice notes (decision 0025): a linked Pro user's voice note, signed and delivered as Meta
// sends it, is fetched through the fake Graph API's media endpoints, transcribed by the fake provider and answered in
// text with the transcript first in italics; with WHATSAPP_VOICE_REPLIES=on and the account's setting on, the answer
// also goes back as an Ogg/Opus voice note uploaded through the media API. Window, dedupe and charges as for text. The
// note itself is kept in the web thread above its transcript, for its owner only, and deleted with the thread or account.
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { FAKE_TRANSCRIPT, type AudioCalls } from "../mocks/fake-openai-audio.mjs";
import { silentOggOpus } from "../mocks/fake-audio.mjs";
import { storageUsed } from "../../app/.server/images/uploads";
import { eq } from "drizzle-orm";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser } from "./auth-helpers";
import { accountThreads, threadMessages } from "./chat-helpers";
import { deleteAccountToTheEnd } from "./deletion-helpers";
import { accountBalance, appEnv } from "./helpers";
import {
  addGraphMedia,
  deliverInbox,
  graphRequests,
  linkNumber,
  messagePayload,
  postWebhook,
  sendAndAnswer,
  sentTo,
  textsTo,
  uniqueNumber,
  whatsappEnv,
  numberRows,
} from "./whatsapp-helpers";

const upstream = (vars: Record<string, string> = {}) => ({
  OPENAI_API_KEY: "sk-fake-whatsapp",
  OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
  MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": "normal?n=8&ms=1" }),
  ...vars,
});

async function voiceNote(): Promise<string> {
  const response = await fetch(`${inject("fakeGraphUrl")}/__voice-note`, { method: "POST" });
  return ((await response.json()) as { id: string }).id;
}

async function linkedPro(options: { voiceReplies?: boolean } = {}) {
  const user = await createUser({ accessLevel: "pro" });
  const from = uniqueNumber();
  await linkNumber(user.id, from);
  if (options.voiceReplies) await appEnv.DB.prepare("UPDATE whatsapp_links SET voice_replies = 1 WHERE user_id = ?1").bind(user.id).run();
  return { user, from };
}

const used = async (userId: string) => (await accountBalance(userId, null)).used;
/** Ogg/Opus speech the fake upstream made in `voice` (WhatsApp voice replies; read-aloud is MP3). */
async function opusSpeechIn(voice: string): Promise<number> {
  const calls = (await (await fetch(`${new URL(inject("fakeUpstreamUrl")).origin}/__audio-calls`)).json()) as AudioCalls;
  return calls.speech.filter((call) => call.format === "opus" && call.voice === voice).length;
}
const audioSentTo = async (to: string) => (await sentTo(to)).filter((request) => request.body?.type === "audio");

describe("WhatsApp voice notes", () => {
  it("answers a voice note in text, the transcript first in italics, and keeps the turn in the web thread", async () => {
    const { env, queued } = whatsappEnv(upstream({ WHATSAPP_VOICE_REPLIES: "on" }));
    const { user, from } = await linkedPro();
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });

    const [answer] = await textsTo(from);
    expect(answer).toMatch(new RegExp(`^_${FAKE_TRANSCRIPT.replace(/[?]/g, "\\?")}_\\n\\n`));
    expect(answer).toContain("Fake answer");
    const [thread] = await accountThreads(user.id);
    const messages = await threadMessages(user.id, thread!.id);
    expect(messages[0]).toMatchObject({ role: "user", content: FAKE_TRANSCRIPT });
    // A minute of audio and a chat turn, counted like the web; no voice note back (the account's setting is off).
    expect(await used(user.id)).toBe(2);
    expect(await audioSentTo(from)).toEqual([]);
  });

  it("with voice replies on (deployment and account) also sends the answer as an Ogg/Opus voice note", async () => {
    const { env, queued } = whatsappEnv(upstream({ WHATSAPP_VOICE_REPLIES: "on" }));
    const { user, from } = await linkedPro({ voiceReplies: true });
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });

    // The fake accepts an audio message only for media uploaded as audio/ogg whose bytes are Ogg (a 400 otherwise).
    const [audio] = await audioSentTo(from);
    expect(audio).toMatchObject({ status: 200, body: { type: "audio", audio: { id: expect.any(String) } } });
    // The text answer went first.
    expect((await textsTo(from))[0]).toContain("Fake answer");
    expect(await used(user.id)).toBe(3);
  });

  it("speaks the voice reply in the voice the account chose in Settings", async () => {
    const { env, queued } = whatsappEnv(upstream({ WHATSAPP_VOICE_REPLIES: "on" }));
    const { user, from } = await linkedPro({ voiceReplies: true });
    const client = new Client(undefined, env);
    await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    expect((await client.fetch("/api/settings/voice", { method: "POST", body: new URLSearchParams({ voice: "shimmer" }) })).status).toBe(200);
    const before = await opusSpeechIn("shimmer");
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });
    expect(await audioSentTo(from)).toHaveLength(1);
    // Only this test chooses "shimmer" (the fake upstream is shared by parallel files).
    expect((await opusSpeechIn("shimmer")) - before).toBe(1);
  });

  it("sends no voice note while the deployment keeps WHATSAPP_VOICE_REPLIES off, whatever the account chose", async () => {
    const { env, queued } = whatsappEnv(upstream());
    const { from } = await linkedPro({ voiceReplies: true });
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });
    expect(await textsTo(from)).toHaveLength(1);
    expect(await audioSentTo(from)).toEqual([]);
  });

  it("apologises when transcription fails and charges nothing", async () => {
    const { env, queued } = whatsappEnv(upstream({ OPENAI_TRANSCRIPTION_MODEL: "fail" }));
    const { user, from } = await linkedPro();
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });
    expect(await textsTo(from)).toEqual([expect.stringContaining("couldn't understand that voice note")]);
    expect(await used(user.id)).toBe(0);
  });

  it("answers a redelivered voice note once, and nothing free-form after the 24-hour window", async () => {
    const { env, queued } = whatsappEnv(upstream());
    const { from } = await linkedPro();
    const payload = messagePayload({ from, audio: { id: await voiceNote() } });
    await postWebhook(env, payload);
    await postWebhook(env, payload);
    await deliverInbox(env, queued.splice(0));
    expect(await textsTo(from)).toHaveLength(1);

    const late = await linkedPro();
    await sendAndAnswer(env, queued, { from: late.from, audio: { id: await voiceNote() }, timestamp: Date.now() - 25 * 60 * 60 * 1000 });
    expect(await textsTo(late.from)).toEqual([]);
    const [failure] = await numberRows<{ detail: string }>(late.from, "SELECT detail FROM failures");
    expect(failure?.detail).toContain("24-hour");
  });
});

describe("a voice note's length and download", () => {
  /** Transcriptions the fake upstream has heard so far (it is shared by parallel files: compare before and after). */
  const transcriptions = async () =>
    ((await (await fetch(`${new URL(inject("fakeUpstreamUrl")).origin}/__audio-calls`)).json()) as AudioCalls).transcriptions.length;

  it("is measured from its Opus frames: a forged granule neither hides 12 minutes nor makes 130 seconds cost one minute", async () => {
    const { env, queued } = whatsappEnv(upstream());
    const long = await linkedPro();
    await sendAndAnswer(env, queued, { from: long.from, audio: { id: await addGraphMedia(silentOggOpus(720, { forgedGranule: 48_000 }), "audio/ogg") } });
    expect(await textsTo(long.from)).toEqual([expect.stringContaining("too long")]);
    expect(await used(long.user.id)).toBe(0);

    const forged = await linkedPro();
    const note = silentOggOpus(130, { packetBytes: 40, forgedGranule: 0 });
    await sendAndAnswer(env, queued, { from: forged.from, audio: { id: await addGraphMedia(note, "audio/ogg") } });
    expect((await textsTo(forged.from))[0]).toContain("Fake answer");
    // Three started minutes of audio (what the honest note costs) and the chat turn.
    expect(await used(forged.user.id)).toBe(4);
  });

  it("is charged the difference when the provider reports a longer recording than was measured", async () => {
    const { env, queued } = whatsappEnv(upstream({ OPENAI_TRANSCRIPTION_MODEL: "whisper-1?seconds=250" }));
    const { user, from } = await linkedPro();
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });
    expect((await textsTo(from))[0]).toContain("Fake answer");
    expect(await used(user.id)).toBe(5 + 1);
  });

  it("is fetched only from the host Graph belongs to: a media URL elsewhere is never fetched", async () => {
    const { env, queued } = whatsappEnv(upstream());
    const { user, from } = await linkedPro();
    const id = await addGraphMedia(silentOggOpus(2), "audio/ogg", { linkHost: "localhost" });
    const before = await transcriptions();
    await sendAndAnswer(env, queued, { from, audio: { id } });
    expect(await textsTo(from)).toEqual([expect.stringContaining("couldn't understand that voice note")]);
    expect((await graphRequests()).filter((request) => request.path === `/__media/${id}`)).toEqual([]);
    expect(await used(user.id)).toBe(0);
    expect(await transcriptions()).toBe(before);
  });

  it("is read as a stream and cut at Meta's 16 MB audio limit, whatever its metadata claimed", async () => {
    const { env, queued } = whatsappEnv(upstream());
    const { user, from } = await linkedPro();
    const response = await fetch(`${inject("fakeGraphUrl")}/__endless-media`, { method: "POST", body: JSON.stringify({ bytes: 64 * 1024 * 1024 }) });
    const { id } = (await response.json()) as { id: string };
    await sendAndAnswer(env, queued, { from, audio: { id } });
    expect(await textsTo(from)).toEqual([expect.stringContaining("too long")]);
    const [download] = (await graphRequests()).filter((request) => request.path === `/__media/${id}`);
    // The cap and what sockets buffer on the way; a whole read would have taken all 64 MB.
    expect(download?.sent).toBeLessThan(32 * 1024 * 1024);
    expect(await used(user.id)).toBe(0);
  });
});

describe("the voice note in the web thread", () => {
  async function signIn(env: ReturnType<typeof whatsappEnv>["env"], user: { email: string; password: string }) {
    const client = new Client(undefined, env);
    const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
    return client;
  }

  /** A linked Pro user's voice note answered; the owner signed in on the web, and the thread's question. */
  async function answeredNote() {
    const { env, queued } = whatsappEnv(upstream());
    const { user, from } = await linkedPro();
    await sendAndAnswer(env, queued, { from, audio: { id: await voiceNote() } });
    const owner = await signIn(env, user);
    const [thread] = await accountThreads(user.id);
    const page = await owner.loaderData(`/web-main/${thread!.id}`, "routes/_main.web-main.($threadId)");
    const [question] = page.data!.messages as { id: string; role: string; content: string; voiceNote: boolean }[];
    return { env, user, owner, threadId: thread!.id, question: question! };
  }
  const noteKey = async (ownerId: string, messageId: string) =>
    (await inAccountDb(ownerId, (own) => own.select().from(accountSchema.voiceNotes).where(eq(accountSchema.voiceNotes.messageId, messageId)).get()))!.r2Key;

  it("is kept with its transcript, counted in the owner's storage, and plays for the owner only", async () => {
    const { env, user, owner, question } = await answeredNote();
    expect(question).toMatchObject({ role: "user", content: FAKE_TRANSCRIPT, voiceNote: true });

    const played = await owner.get(`/media/voice-notes/${question.id}`);
    expect(played.status).toBe(200);
    expect(played.headers.get("Content-Type")).toBe("audio/ogg");
    const audio = new Uint8Array(await played.arrayBuffer());
    expect(new TextDecoder().decode(audio.subarray(0, 4))).toBe("OggS");
    expect(await storageUsed(appEnv, user.id)).toBe(audio.byteLength);

    const stranger = await signIn(env, await createUser({ accessLevel: "pro" }));
    expect((await stranger.get(`/media/voice-notes/${question.id}`)).status).toBe(404);
    expect((await new Client(undefined, env).get(`/media/voice-notes/${question.id}`)).status).toBe(404);
  });

  it("is deleted with its thread, and with the account", async () => {
    const inThread = await answeredNote();
    const key = await noteKey(inThread.user.id, inThread.question.id);
    expect(await appEnv.MEDIA.head(key)).not.toBeNull();
    const deleted = await inThread.owner.fetch(`/api/threads/${inThread.threadId}`, { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    expect(deleted.status).toBe(200);
    expect(await appEnv.MEDIA.head(key)).toBeNull();
    expect((await inThread.owner.get(`/media/voice-notes/${inThread.question.id}`)).status).toBe(404);

    const inAccount = await answeredNote();
    const accountKey = await noteKey(inAccount.user.id, inAccount.question.id);
    // An account with Pro that renews cannot be deleted (docs/product.md §5); this one's Pro has ended.
    await appEnv.DB.prepare("UPDATE users SET access_level = 'basic' WHERE id = ?1").bind(inAccount.user.id).run();
    expect((await deleteAccountToTheEnd(inAccount.owner)).redirect).toContain("account-deleted");
    expect(await appEnv.MEDIA.head(accountKey)).toBeNull();
  });
});

describe('the "reply with voice" setting', () => {
  async function signedInWithNumber(env: ReturnType<typeof whatsappEnv>["env"], linked = true) {
    const user = await createUser({ accessLevel: "pro" });
    if (linked) await linkNumber(user.id, uniqueNumber());
    const client = new Client(undefined, env);
    const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
    return { user, client };
  }
  const setting = (client: Client, enabled: string) => {
    const body = new FormData();
    body.set("enabled", enabled);
    return client.fetch("/api/whatsapp/voice-replies", { method: "POST", body });
  };

  it("is offered with WHATSAPP_VOICE_REPLIES on, and turning it on is kept on the link", async () => {
    const { env } = whatsappEnv({ WHATSAPP_VOICE_REPLIES: "on" });
    const { user, client } = await signedInWithNumber(env);
    const before = (await (await client.fetch("/api/whatsapp/link")).json()) as { voiceRepliesOffered: boolean; link: { voiceReplies: boolean } };
    expect(before).toMatchObject({ voiceRepliesOffered: true, link: { voiceReplies: false } });
    const turned = await setting(client, "true");
    expect(await turned.json()).toEqual({ ok: true, voiceReplies: true });
    const row = await appEnv.DB.prepare("SELECT voice_replies FROM whatsapp_links WHERE user_id = ?1").bind(user.id).first<{ voice_replies: number }>();
    expect(row?.voice_replies).toBe(1);
  });

  it("refuses a visitor, an account with no number, and a value that is not true or false", async () => {
    const { env } = whatsappEnv();
    expect((await setting(new Client(undefined, env), "true")).status).toBe(401);
    const { client } = await signedInWithNumber(env, false);
    expect((await setting(client, "true")).status).toBe(400);
    const linked = await signedInWithNumber(env);
    expect((await setting(linked.client, "yes")).status).toBe(400);
  });
});
