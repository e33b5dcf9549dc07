// Horoscope readings through the whole app (POST /api/chat -> startTurn -> CreditsCounter -> ChatRelay): a guest's
// reading becomes a "horoscope" thread of its type, is charged one credit, continues as a chat, and is refused
// without a type. Offline (demo provider) and against the fake OpenAI-compatible upstream.
import { describe, expect, it } from "vitest";
import { skyNow } from "../../app/.server/horoscope/astronomy";
import { horoscopeStrings } from "../../app/.server/horoscope/words";
import { drawCards } from "../../app/.server/horoscope/tarot";
import { expectedAnswer } from "../mocks/fake-openai-replies.mjs";
import { Client, credits, guest, guestIdOf, messageRow, threadMessages, threadRow, turnResult, type TurnResult } from "./chat-helpers";

const GUEST_DAILY = 5;

async function postTurn(client: Client, body: Record<string, unknown>): Promise<TurnResult> {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", ...body }),
  });
  return turnResult(response);
}

describe("horoscope readings (demo provider)", { timeout: 60_000 }, () => {
  it("saves a guest's daily reading as a horoscope thread, charges one credit, and continues it as a chat", async () => {
    const client = new Client();
    const turn = await postTurn(client, { tool: "horoscope", toolPath: "daily", input: { sign: "leo" } });
    expect(turn.status).toBe(200);
    expect(turn.done).toMatchObject({ status: "complete", errorCode: null });

    const thread = await threadRow(guestIdOf(client), turn.threadId!);
    expect(thread).toMatchObject({ tool: "horoscope", toolPath: "daily", title: "Daily horoscope · Leo" });
    const messages = await threadMessages(guestIdOf(client), turn.threadId!);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(messages[0]!.content).toBe("Daily horoscope · Leo");
    // The demo reading is labelled, and built from the real sky of the hour.
    const answer = messages[1]!.content;
    expect(answer).toBe(turn.streamed);
    expect(answer).toContain("**Demo model.**");
    expect(answer.toLowerCase()).toContain(horoscopeStrings.en.phases[skyNow().moon.phase].toLowerCase());
    expect(answer).toContain("Leo is a fire sign");
    expect(await credits(client)).toMatchObject({ plan: "guest", used: 1, remaining: GUEST_DAILY - 1 });

    // A follow-up in the same thread is another horoscope turn (one credit).
    const followUp = await postTurn(client, { tool: "horoscope", toolPath: "daily", threadId: turn.threadId, message: "And my love life?" });
    expect(followUp.status).toBe(200);
    expect(followUp.threadId).toBe(turn.threadId);
    expect(followUp.done).toMatchObject({ status: "complete" });
    expect(followUp.streamed).toContain("> And my love life?");
    expect(await threadMessages(guestIdOf(client), turn.threadId!)).toHaveLength(4);
    expect(await credits(client)).toMatchObject({ used: 2 });

    // The thread belongs to its type: another type, or the plain chat's tool, cannot continue it.
    const wrongType = await postTurn(client, { tool: "horoscope", toolPath: "tarot", threadId: turn.threadId, message: "hm" });
    expect(wrongType).toMatchObject({ status: 400, error: { code: "request/invalid" } });
    const plainChat = await postTurn(client, { threadId: turn.threadId, message: "hm" });
    expect(plainChat).toMatchObject({ status: 400, error: { code: "request/invalid" } });
    expect(await credits(client)).toMatchObject({ used: 2 });

    // Regenerating the last answer stays a horoscope turn of the thread.
    const again = await postTurn(client, { tool: "horoscope", toolPath: "daily", threadId: turn.threadId, mode: "regenerate" });
    expect(again.status).toBe(200);
    expect(again.done).toMatchObject({ status: "complete" });
    expect(await threadMessages(guestIdOf(client), turn.threadId!)).toHaveLength(4);
    expect(await credits(client)).toMatchObject({ used: 3 });
  });

  it("writes the reading in the interface language", async () => {
    const client = new Client();
    client.cookies.set("locale", "tr");
    const turn = await postTurn(client, { tool: "horoscope", toolPath: "love-compatibility", input: { sign: "aries", partnerSign: "libra" } });
    expect(turn.status).toBe(200);
    const [question, answer] = await threadMessages(guestIdOf(client), turn.threadId!);
    expect(question!.content).toBe("Aşk uyumu · Koç ve Terazi");
    expect(answer!.content).toContain("Koç bir ateş burcu");
    expect(answer!.content).toContain(horoscopeStrings.tr.demo.relation.complementary);
  });

  it("draws the tarot cards from the request id and names them in the saved question", async () => {
    const client = new Client();
    const requestId = crypto.randomUUID();
    const turn = await postTurn(client, { requestId, tool: "horoscope", toolPath: "tarot", input: { question: "What should I focus on?" } });
    expect(turn.status).toBe(200);
    const [question] = await threadMessages(guestIdOf(client), turn.threadId!);
    const { tarot } = horoscopeStrings.en;
    for (const drawn of drawCards(requestId)) {
      const name = drawn.card.arcana === "major" ? tarot.majors[drawn.card.id] : `${tarot.ranks[drawn.card.rank]} of ${tarot.suits[drawn.card.suit]}`;
      expect(question!.content).toContain(`${tarot.positions[drawn.position]}: ${name} (${drawn.reversed ? tarot.reversed : tarot.upright})`);
    }
    // The same request again joins the same reading and is not charged twice.
    const again = await postTurn(client, { requestId, tool: "horoscope", toolPath: "tarot", input: { question: "What should I focus on?" } });
    expect(again.messageId).toBe(turn.messageId);
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("asks for a type (docs/product.md §5) and checks each type's fields, charging nothing", async () => {
    const client = new Client();
    expect(await postTurn(client, { tool: "horoscope", input: { sign: "leo" } })).toMatchObject({ status: 400, error: { code: "horoscope/type-required" } });
    expect(await postTurn(client, { tool: "horoscope", toolPath: "weekly", input: {} })).toMatchObject({
      status: 400,
      error: { code: "horoscope/type-required" },
    });
    expect(await postTurn(client, { tool: "horoscope", toolPath: "birth-chart", input: { birthDate: "1990-02-30" } })).toMatchObject({
      status: 400,
      error: { code: "request/invalid", fieldErrors: { birthDate: horoscopeStrings.en.validation.dateInvalid } },
    });
    expect(await postTurn(client, { tool: "horoscope", toolPath: "daily", input: {} })).toMatchObject({
      status: 400,
      error: { code: "request/invalid", fieldErrors: { sign: horoscopeStrings.en.validation.signRequired } },
    });
    expect(await postTurn(client, { tool: "horoscope", toolPath: "ritual-meditation", input: { intention: "  " } })).toMatchObject({
      status: 400,
      error: { code: "request/invalid", fieldErrors: { intention: horoscopeStrings.en.validation.required } },
    });
    // The time is read in the place's zone: Istanbul kept summer time (UTC+3) in May 1990.
    const birth = await postTurn(client, {
      tool: "horoscope",
      toolPath: "birth-chart",
      input: { birthDate: "1990-05-17", birthTime: "14:30", placeId: "tr-istanbul" },
    });
    expect(birth.status).toBe(200);
    const [question] = await threadMessages(guestIdOf(client), birth.threadId!);
    expect(question!.content.split("\n")[0]).toBe("Birth chart · born May 17, 1990, 14:30 (UTC+03:00)");
    expect(question!.content).toMatch(/Sun in Taurus \d+\.\d°/);
    expect(await credits(client)).toMatchObject({ used: 1 });
  });
});

describe("horoscope pages", { timeout: 30_000 }, () => {
  it("shows the sky facts and the type's form, and sends unknown types back to the type choice", async () => {
    const client = new Client();
    const page = await client.fetch("/horoscope/daily");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`data-phase="${skyNow().moon.phase}"`);
    expect(html).toContain("Your zodiac sign");

    const unknown = await client.fetch("/horoscope/weekly");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/horoscope?type=weekly");
    const choose = await client.fetch("/horoscope?type=weekly");
    expect(await choose.text()).toContain("Please select a horoscope type.");
    const chosen = await client.fetch("/horoscope?type=tarot");
    expect(chosen.headers.get("Location")).toBe("/horoscope/tarot");
  });

  it("sends a reading opened by a chat link to its own horoscope page", async () => {
    const client = new Client();
    const turn = await postTurn(client, { tool: "horoscope", toolPath: "daily", input: { sign: "leo" } });
    expect(turn.done).toMatchObject({ status: "complete" });
    const viaChat = await client.fetch(`/web-main/${turn.threadId}`);
    expect(viaChat.status).toBe(302);
    expect(viaChat.headers.get("Location")).toBe(`/horoscope/daily/${turn.threadId}`);
  });
});

describe("horoscope readings against an OpenAI-compatible upstream", { timeout: 30_000 }, () => {
  it("streams the model's reading through chat completions and saves it in a horoscope thread", async () => {
    const client = guest("normal");
    const turn = await postTurn(client, { tool: "horoscope", toolPath: "career-financial", input: { sign: "virgo", focus: "finances" } });
    expect(turn.status).toBe(200);
    const question = "Career and financial · Virgo\nFocus: Money and finances";
    expect(turn.done).toMatchObject({ status: "complete", text: expectedAnswer("normal", question) });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({
      model: "gpt-4o-mini",
      status: "complete",
      content: expectedAnswer("normal", question),
    });
    expect(await threadRow(guestIdOf(client), turn.threadId!)).toMatchObject({ tool: "horoscope", toolPath: "career-financial" });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });
});
