// Memory in turns (decision 0027): what a turn is sent (the first system message, verbatim, against the fake
// OpenAI-compatible upstream), the token budget with 500 memories, nothing sent or saved with memory off, a temporary
// chat that keeps nothing, and extraction through the real memory-jobs queue with the demo provider.
import { describe, expect, it } from "vitest";
import { estimateTokens, MEMORY_TOKEN_BUDGET } from "../../app/.server/memory/context";
import { NO_SYSTEM } from "../mocks/fake-openai-memory.mjs";
import { accountMessages, accountThreads, credits, sendTurn, turnResult } from "./chat-helpers";
import { extractionDone, memoriesOf, memoryAccount, memoryAction, noteOf, seedMemories } from "./memory-helpers";

const MEMORY_HEADER = "What you remember about the person from earlier conversations";

describe("memory in a turn", { timeout: 30_000 }, () => {
  it("learns 'I live in İzmir' through the queue, lists it as updated, then sends and uses it in a new chat (demo provider, en and tr)", async () => {
    const { client, user } = await memoryAccount();
    const told = await sendTurn(client, { message: "Hello! I live in İzmir." });
    expect(told.status).toBe(200);
    expect(told.done).toMatchObject({ status: "complete", memory: { used: [], pending: true } });
    const note = await extractionDone(user.id, told.messageId!);
    expect(JSON.parse(note.updated)).toEqual([expect.objectContaining({ text: "Lives in İzmir" })]);
    const [memory] = await memoriesOf(user.id);
    expect(memory).toMatchObject({ text: "Lives in İzmir", sourceThreadId: told.threadId, sourceMessageId: told.messageId });
    // What the page asks for once the answer has ended.
    const asked = await client.fetch(`/api/memory/notes/${told.messageId}`);
    expect(await asked.json()).toEqual({ ok: true, note: { used: [], updated: [{ id: memory!.id, text: "Lives in İzmir" }], pending: false, offer: false } });

    const next = await sendTurn(client, { message: "What should I wear tomorrow?" });
    expect(next.done?.memory?.used).toEqual([{ id: memory!.id, text: "Lives in İzmir" }]);
    // The demo provider says which memories it was given.
    expect(next.done?.text).toContain("- Lives in İzmir");

    // Turkish, and an update of the same fact rather than a second one.
    const moved = await sendTurn(client, { message: "Artık ben Ankara'da yaşıyorum." });
    await extractionDone(user.id, moved.messageId!);
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Ankara'da yaşıyor"]);
  });

  it("sends the custom instructions and the memories verbatim in the first system message", async () => {
    const { client, user } = await memoryAccount("system");
    const aboutYou = "I am a night-shift nurse in Bursa; I read on my phone.";
    const answerStyle = "Short answers, bullet points, no emojis.";
    expect((await memoryAction(client, "/api/memory", { intent: "instructions", aboutYou, answerStyle })).status).toBe(200);
    await seedMemories(user.id, ["Is learning Spanish", "Is vegetarian"]);
    const turn = await sendTurn(client, { message: "Plan my dinner" });
    expect(turn.streamed).toBe(
      [
        `What the person wants you to know about them (their own words):\n${aboutYou}`,
        `How the person wants you to answer (their own words):\n${answerStyle}`,
        `${MEMORY_HEADER} (use it where it helps; do not list it back unasked):\n- Is learning Spanish\n- Is vegetarian`,
      ].join("\n\n"),
    );
    expect(turn.done?.memory?.used.map((memory) => memory.text)).toEqual(["Is learning Spanish", "Is vegetarian"]);
  });

  it("with 500 memories sends the best matches and the most recent within the token budget, each whole", async () => {
    const { client, user } = await memoryAccount("system");
    const texts = Array.from({ length: 500 }, (_, index) => `Remembered fact number ${index} about a hobby, a place or a habit of theirs`);
    texts[17] = "Keeps bees in an Emberfall allotment";
    await seedMemories(user.id, texts);
    const turn = await sendTurn(client, { message: "How are my Emberfall bees doing?" });
    const lines = turn.streamed.split("\n").filter((line) => line.startsWith("- "));
    const sent = lines.map((line) => line.slice(2));
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.length).toBeLessThan(500);
    // The full-text match comes first, then the newest; every one sent is a whole memory.
    expect(sent[0]).toBe("Keeps bees in an Emberfall allotment");
    expect(sent).toContain(texts[499]);
    for (const text of sent) expect(texts).toContain(text);
    expect(sent.reduce((sum, text) => sum + estimateTokens(text), 0)).toBeLessThanOrEqual(MEMORY_TOKEN_BUDGET);
    expect(turn.done?.memory?.used).toHaveLength(sent.length);
  });

  it("with memory off sends no memory and saves nothing, keeping what was saved", async () => {
    const { client, user } = await memoryAccount("system");
    await seedMemories(user.id, ["Lives in İzmir"]);
    expect((await memoryAction(client, "/api/memory", { intent: "enabled", enabled: "false" })).status).toBe(200);
    const turn = await sendTurn(client, { message: "I live in Antalya now and I am vegetarian." });
    expect(turn.streamed).toBe(NO_SYSTEM);
    expect(turn.done?.memory).toEqual({ used: [], updated: [], pending: false, offer: false });
    expect(await noteOf(user.id, turn.messageId!)).toBeUndefined();
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in İzmir"]);
  });

  it("a temporary chat streams and is charged, but writes no thread, no message and no memory", async () => {
    const { client, user } = await memoryAccount("normal");
    const first = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", message: "I live in Trabzon.", temporary: true }),
    });
    expect(first.status).toBe(200);
    const threadId = first.headers.get("X-Thread-Id")!;
    const messageId = first.headers.get("X-Message-Id")!;
    expect(await first.text()).toContain('"type":"done","status":"complete"');
    // A second turn carries the conversation so far, since nothing holds it on the server.
    const second = await sendTurn(client, {
      message: "And the weather there?",
      temporary: true,
      history: [
        { role: "user", content: "I live in Trabzon." },
        { role: "assistant", content: "Noted." },
      ],
    } as never);
    expect(second.done).toMatchObject({ status: "complete" });

    // Chats live in the account's own object (decision 0026): nothing of the temporary chat is there.
    expect(await accountThreads(user.id)).toEqual([]);
    expect(await accountMessages(user.id)).toEqual([]);
    expect((await client.fetch(`/web-main/${threadId}`)).status).toBe(200);
    expect(await noteOf(user.id, messageId)).toBeUndefined();
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await credits(client)).toMatchObject({ used: 2 });
  });

  it("a temporary turn that names a saved thread is refused and charges nothing", async () => {
    const { client } = await memoryAccount("normal");
    const turn = await sendTurn(client, { message: "Hi", threadId: "some-thread", temporary: true } as never);
    expect(turn.status).toBe(400);
    expect(await credits(client)).toMatchObject({ used: 0 });
  });
});

describe("memory on a tool's page", { timeout: 30_000 }, () => {
  it("shows which memories a horoscope reading used when its thread is opened again", async () => {
    const { client, user } = await memoryAccount();
    await seedMemories(user.id, ["Lives in İzmir"]);
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        requestId: crypto.randomUUID(),
        model: "gpt-4o-mini",
        mode: "send",
        tool: "horoscope",
        toolPath: "daily",
        input: { sign: "leo" },
      }),
    });
    const turn = await turnResult(response);
    expect(turn.done?.memory?.used.map((memory) => memory.text)).toEqual(["Lives in İzmir"]);
    const page = await client.loaderData(`/horoscope/daily/${turn.threadId}`, "routes/_main.horoscope.$pathId.($threadId)");
    const answer = (page.data!.messages as { id: string; memory?: { used: { text: string }[] } }[]).find((message) => message.id === turn.messageId);
    expect(answer?.memory?.used.map((memory) => memory.text)).toEqual(["Lives in İzmir"]);
  });
});
