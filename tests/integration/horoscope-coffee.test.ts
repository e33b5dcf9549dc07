// The coffee reading looks at a photo of the cup (decision 0030): the photo is required, is one of the
// asker's own uploads, travels to a vision model as the first question's image, and offline the demo reading says
// what it saw in the pixels. Through the whole app: POST /api/uploads, then POST /api/chat.
import { eq } from "drizzle-orm";
import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, inject, it } from "vitest";
import { encodePng } from "../../app/.server/images/png";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, credits, guest, guestIdOf, threadMessages, turnResult, upstreamEnv, type TurnResult } from "./chat-helpers";
import { upload } from "./images-helpers";

/** A photo of one colour, so its dominant tone is known exactly. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Promise<Uint8Array> {
  const pixels = new Uint8Array(width * height * 4).map((_, index) => [r, g, b, 255][index % 4]!);
  return encodePng(width, height, pixels, { alpha: false });
}

function solidJpeg(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4).map((_, index) => [r, g, b, 255][index % 4]!);
  return new Uint8Array(encodeJpeg({ width, height, data }, 90).data);
}

async function coffeeTurn(client: Client, input: Record<string, string>, model = "gpt-4o-mini"): Promise<TurnResult> {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model, mode: "send", tool: "horoscope", toolPath: "coffee", input }),
  });
  return turnResult(response);
}

/** A regenerate or edit of the reading's opening in `threadId` (no form: the thread's question carries the photo). */
async function coffeeRetry(client: Client, threadId: string, model: string, mode: "regenerate" | "edit", message?: string): Promise<TurnResult> {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model, mode, tool: "horoscope", toolPath: "coffee", threadId, message }),
  });
  return turnResult(response);
}

async function uploadedId(client: Client, bytes: Uint8Array, name = "cup.png", type = "image/png"): Promise<string> {
  const answer = await upload(client, bytes, name, type);
  expect(answer.status).toBe(201);
  return answer.json.id!;
}

/** The questions in `accountId`'s own object that carry `uploadId`: none when a refused turn stored nothing. */
async function questionsWith(accountId: string, uploadId: string) {
  const { chatMessages } = accountSchema;
  return inAccountDb(accountId, (own) => own.select().from(chatMessages).where(eq(chatMessages.attachmentId, uploadId)).all());
}

describe("coffee reading with a photo of the cup", { timeout: 60_000 }, () => {
  it("offline, the demo reading says the photo's size and dominant tone, labelled as the demo, in English and Turkish", async () => {
    const client = new Client();
    const photoId = await uploadedId(client, await solidPng(64, 48, [0x3b, 0x2a, 0x1f]));
    const turn = await coffeeTurn(client, { photoId, question: "Will I travel?" });
    expect(turn.status).toBe(200);
    expect(turn.done).toMatchObject({ status: "complete", errorCode: null });
    expect(turn.streamed).toContain("**Demo model.**");
    expect(turn.streamed).toContain("I looked at your cup's photo (64 × 48 pixels). Its dominant tone is dark (#3b2a1f)");
    // The question carries the photo, so the thread shows it.
    const [question] = await threadMessages(guestIdOf(client), turn.threadId!);
    expect(question).toMatchObject({ role: "user", attachmentId: photoId });

    const turkish = new Client();
    turkish.cookies.set("locale", "tr");
    const jpegId = await uploadedId(turkish, solidJpeg(40, 30, [235, 225, 210]), "fincan.jpg", "image/jpeg");
    const reading = await coffeeTurn(turkish, { photoId: jpegId });
    expect(reading.status).toBe(200);
    expect(reading.streamed).toContain("**Demo model.**");
    expect(reading.streamed).toContain("Fincanınızın fotoğrafına baktım (40 × 30 piksel). Baskın tonu açık (#");
  });

  it("refuses a reading without a photo with the field's message, charging and storing nothing", async () => {
    const client = new Client();
    const english = await coffeeTurn(client, { question: "Will I travel?" });
    expect(english).toMatchObject({
      status: 400,
      threadId: null,
      error: { code: "request/invalid", fieldErrors: { photoId: "Please add a photo of your coffee cup" } },
    });
    client.cookies.set("locale", "tr");
    const turkish = await coffeeTurn(client, { photoId: "  " });
    expect(turkish).toMatchObject({ status: 400, error: { fieldErrors: { photoId: "Lütfen kahve fincanınızın fotoğrafını ekleyin" } } });
    expect(await credits(client)).toMatchObject({ used: 0 });
  });

  it("answers 404 for another account's photo, charging and storing nothing", async () => {
    const owner = new Client();
    const photoId = await uploadedId(owner, await solidPng(8, 8, [120, 90, 60]));
    const stranger = new Client();
    const turn = await coffeeTurn(stranger, { photoId });
    expect(turn).toMatchObject({ status: 404, threadId: null, error: { code: "upload/missing" } });
    expect(await credits(stranger)).toMatchObject({ used: 0 });
    // Neither account's object holds a question with it (the stranger has one only if the refusal issued its guest id).
    for (const accountId of [owner, stranger].map(guestIdOf).filter(Boolean)) expect(await questionsWith(accountId, photoId)).toHaveLength(0);
  });

  it("sends the photo to a vision model as the first question's image, in place of a model that cannot see", async () => {
    const client = guest("images");
    const bytes = await solidPng(32, 32, [90, 60, 40]);
    const photoId = await uploadedId(client, bytes);
    // o3-mini cannot see images: the reading goes to the fast vision model (gpt-4o-mini, mapped to "images").
    const turn = await coffeeTurn(client, { photoId }, "o3-mini");
    expect(turn.status).toBe(200);
    const base64 = btoa(String.fromCharCode(...bytes));
    expect(turn.streamed.trim()).toBe(`IMAGE image/png ${base64.length} ${base64.slice(0, 24)}`);
    const messages = await threadMessages(guestIdOf(client), turn.threadId!);
    expect(messages[1]).toMatchObject({ role: "assistant", model: "gpt-4o-mini" });
  });

  it("reads the photo again with a vision model when the reading is regenerated or edited with a model that cannot see", async () => {
    // DeepSeek's fast model cannot see images and a guest may use it: only the photo rule moves the turn to gpt-4o-mini.
    const fake = inject("fakeUpstreamUrl");
    const client = new Client(undefined, upstreamEnv("images", { DEEPSEEK_API_KEY: "sk-fake-deepseek", DEEPSEEK_BASE_URL: fake }));
    const bytes = await solidPng(24, 24, [70, 50, 30]);
    const photoId = await uploadedId(client, bytes);
    const base64 = btoa(String.fromCharCode(...bytes));
    const seen = `IMAGE image/png ${base64.length} ${base64.slice(0, 24)}`;
    const opening = await coffeeTurn(client, { photoId }, "deepseek-chat");
    expect(opening.streamed.trim()).toBe(seen);

    for (const [mode, message] of [["regenerate"], ["edit", "Will I move house?"]] as const) {
      const again = await coffeeRetry(client, opening.threadId!, "deepseek-chat", mode, message);
      expect(again.status).toBe(200);
      expect(again.streamed.trim()).toBe(seen);
      const [question, answer] = await threadMessages(guestIdOf(client), opening.threadId!);
      expect(question).toMatchObject({ role: "user", attachmentId: photoId });
      expect(answer).toMatchObject({ role: "assistant", model: "gpt-4o-mini" });
    }
  });
});
