// Settings › Memory (decision 0027): the tab lists memories newest first as <li> items; each is editable and deletable, "Delete
// all" empties the list, the switch and custom instructions are kept; bad input (over the limit, empty, markup, a
// secret) gets a translated field error and stores nothing; another account's memory is a 404. On WhatsApp, /memory
// lists what is kept and /forget turns memory off. "Download my data" carries memory.json.
import { describe, expect, it } from "vitest";
import { createUser } from "./auth-helpers";
import { accountSchema, inAccountDb, memoriesOf, memoryAccount, memoryAction, seedMemories } from "./memory-helpers";
import { linkNumber, sendAndAnswer, textsTo, uniqueNumber, whatsappEnv } from "./whatsapp-helpers";

const settingsOf = (accountId: string) => inAccountDb(accountId, (db) => db.select().from(accountSchema.memorySettings).get());

describe("Settings › Memory", { timeout: 30_000 }, () => {
  it("lists, edits and deletes memories, and deletes them all", async () => {
    const { client, user } = await memoryAccount();
    await seedMemories(user.id, ["Lives in İzmir", "Is vegetarian", "Is learning Spanish"]);
    const page = await (await client.fetch("/settings/memory")).text();
    const items = [...page.matchAll(/<li[^>]*data-testid="memory-item"[^>]*>.*?<p[^>]*>([^<]*)<\/p>/g)].map((match) => match[1]);
    expect(items).toEqual(["Is learning Spanish", "Is vegetarian", "Lives in İzmir"]);
    expect(page).toContain('role="switch" aria-checked="true"');

    const [izmir, vegetarian] = await memoriesOf(user.id);
    expect(await memoryAction(client, `/api/memory/${izmir!.id}`, { intent: "edit", text: "Lives in Bursa" })).toMatchObject({ status: 200 });
    expect(await memoryAction(client, `/api/memory/${vegetarian!.id}`, { intent: "delete" })).toMatchObject({ status: 200 });
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in Bursa", "Is learning Spanish"]);

    expect(await memoryAction(client, "/api/memory", { intent: "delete-all" })).toMatchObject({ status: 200, json: { ok: true } });
    expect(await memoriesOf(user.id)).toEqual([]);
  });

  it("keeps the switch and the custom instructions", async () => {
    const { client, user } = await memoryAccount();
    expect((await memoryAction(client, "/api/memory", { intent: "enabled", enabled: "false" })).status).toBe(200);
    expect(await memoryAction(client, "/api/memory", { intent: "instructions", aboutYou: "I teach maths.", answerStyle: "" })).toMatchObject({ status: 200 });
    expect(await settingsOf(user.id)).toMatchObject({ enabled: false, aboutYou: "I teach maths.", answerStyle: "" });
    const page = await (await client.fetch("/settings/memory")).text();
    expect(page).toContain('role="switch" aria-checked="false"');
    expect(page).toContain("I teach maths.");
  });

  it.each([
    ["en", { intent: "instructions", aboutYou: "a".repeat(1501), answerStyle: "" }, "aboutYou", "At most 1,500 characters."],
    ["tr", { intent: "instructions", aboutYou: "", answerStyle: "<b>bold</b>" }, "answerStyle", "HTML ya da başka bir işaretleme olmadan düz metin yazın."],
  ])("refuses a bad instruction with a translated field error (%s), storing nothing", async (locale, fields, field, message) => {
    const { client, user } = await memoryAccount();
    client.cookies.set("locale", locale);
    const answer = await memoryAction(client, "/api/memory", fields);
    expect(answer.status).toBe(400);
    expect(answer.json.error?.fieldErrors?.[field]).toBe(message);
    expect(await settingsOf(user.id)).toBeUndefined();
  });

  it.each([
    ["", "Enter the memory's text."],
    ["x".repeat(301), "At most 300 characters."],
    ["<img src=x onerror=alert(1)>", "Write plain text, without HTML or other markup."],
    ["My PIN is 4412 4412 4412", "Passwords, card, bank and identity numbers are never kept in memory."],
  ])("refuses a bad memory edit with a field error, changing nothing: %s", async (text, message) => {
    const { client, user } = await memoryAccount();
    await seedMemories(user.id, ["Lives in İzmir"]);
    const [memory] = await memoriesOf(user.id);
    const answer = await memoryAction(client, `/api/memory/${memory!.id}`, { intent: "edit", text });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.fieldErrors?.text).toBe(message);
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in İzmir"]);
  });

  it("answers 404 for another account's memory, and leaves it as it was", async () => {
    const owner = await memoryAccount();
    const other = await memoryAccount();
    await seedMemories(owner.user.id, ["Lives in İzmir"]);
    const [memory] = await memoriesOf(owner.user.id);
    const attempts: Record<string, string>[] = [{ intent: "edit", text: "Hacked" }, { intent: "delete" }];
    for (const fields of attempts) {
      const answer = await memoryAction(other.client, `/api/memory/${memory!.id}`, fields);
      expect(answer).toMatchObject({ status: 404, json: { error: { code: "memory/not-found" } } });
    }
    expect((await other.client.fetch(`/api/memory/notes/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await memoriesOf(owner.user.id)).map((row) => row.text)).toEqual(["Lives in İzmir"]);
  });

  it("on WhatsApp, /memory lists what is kept and /forget turns memory off, keeping the memories", async () => {
    const { env, queued } = whatsappEnv();
    const user = await createUser({ accessLevel: "basic" });
    const from = uniqueNumber();
    await linkNumber(user.id, from);
    await seedMemories(user.id, ["Lives in İzmir"]);
    await sendAndAnswer(env, queued, { from, text: "/memory" });
    await sendAndAnswer(env, queued, { from, text: "/forget" });
    const [listed, forgot] = await textsTo(from);
    expect(listed).toContain("• Lives in İzmir");
    expect(listed).toContain("/settings/memory");
    expect(forgot).toContain("Memory is now off");
    expect(await settingsOf(user.id)).toMatchObject({ enabled: false });
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in İzmir"]);
  });
});
