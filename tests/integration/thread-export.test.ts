// "Export" of a thread through the whole worker: a Markdown or JSON file (Content-Disposition: attachment, the right
// Content-Type, a file name from the title) for its owner only; anyone else gets 404 and a bad format a translated 400.
import { describe, expect, it } from "vitest";
import { slugify } from "../../app/.server/chat/export";
import enErrors from "../../locales/en/errors.json";
import trErrors from "../../locales/tr/errors.json";
import { Client, signedInClient } from "./auth-helpers";
import { storeThread } from "./chat-helpers";

async function makeThread(ownerId: string, title: string) {
  const threadId = crypto.randomUUID();
  await storeThread(ownerId, { id: threadId, title, createdAt: Date.UTC(2026, 0, 2, 9, 30) }, [
    { id: crypto.randomUUID(), threadId, role: "user", content: "What is a light year?", createdAt: Date.UTC(2026, 0, 2, 9, 30) },
    {
      id: crypto.randomUUID(),
      threadId,
      role: "assistant",
      content: "The distance light travels in a year.",
      model: "gpt-4o-mini",
      createdAt: Date.UTC(2026, 0, 2, 9, 31),
    },
    { id: crypto.randomUUID(), threadId, role: "assistant", content: "", model: "gpt-4o-mini", status: "failed", createdAt: Date.UTC(2026, 0, 2, 9, 32) },
  ]);
  return threadId;
}

describe("exporting a thread", { timeout: 30_000 }, () => {
  it("downloads Markdown with the title, each message and its time", async () => {
    const { client, user } = await signedInClient();
    const threadId = await makeThread(user.id, "Işık yılı: what is it?");
    const response = await client.get(`/api/threads/${threadId}/export?format=md`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="isik-yili-what-is-it.md"');
    // The tests run without provider keys: the demo provider is named as such, as everywhere.
    expect(await response.text()).toBe(
      [
        "# Işık yılı: what is it?",
        "**You:** _2026-01-02 09:30 UTC_",
        "What is a light year?",
        "**Assistant (Demo model):** _2026-01-02 09:31 UTC_",
        "The distance light travels in a year.",
      ].join("\n\n") + "\n",
    );
  });

  it("downloads JSON with title, creation time and messages", async () => {
    const { client, user } = await signedInClient();
    const threadId = await makeThread(user.id, "Light year");
    const response = await client.get(`/api/threads/${threadId}/export?format=json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="light-year.json"');
    expect(await response.json()).toEqual({
      title: "Light year",
      createdAt: "2026-01-02T09:30:00.000Z",
      messages: [
        { role: "user", content: "What is a light year?", model: null, createdAt: "2026-01-02T09:30:00.000Z" },
        { role: "assistant", content: "The distance light travels in a year.", model: "gpt-4o-mini", createdAt: "2026-01-02T09:31:00.000Z" },
      ],
    });
  });

  it("answers another user's thread, and a visitor, with 404; a wrong format with a translated 400", async () => {
    const { client, user } = await signedInClient();
    const threadId = await makeThread(user.id, "Mine");
    const { client: stranger } = await signedInClient();
    for (const who of [stranger, new Client()]) {
      const response = await who.get(`/api/threads/${threadId}/export?format=md`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ ok: false, error: { code: "chat/not-found", message: enErrors["chat/not-found"] } });
      // A stranger learns nothing from a wrong format either.
      expect((await who.get(`/api/threads/${threadId}/export?format=pdf`)).status).toBe(404);
    }
    for (const query of ["?format=pdf", "", "?format=MD"]) {
      const response = await client.get(`/api/threads/${threadId}/export${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(enErrors["export/invalid-format"]);
    }
    client.cookies.set("locale", "tr");
    const turkish = await client.get(`/api/threads/${threadId}/export?format=txt`);
    expect(((await turkish.json()) as { error: { message: string } }).error.message).toBe(trErrors["export/invalid-format"]);
  });

  it("makes ASCII file names from any title", () => {
    expect(slugify("Çok güzel — şarkı sözleri!")).toBe("cok-guzel-sarki-sozleri");
    expect(slugify("日本語")).toBe("chat");
    expect(slugify(`${"a".repeat(59)} bcd`)).toBe("a".repeat(59));
  });
});
