// "Delete all chats" is final for an answer still being written (decision 0033, the tombstone idea for chats): the
// answer stops at once instead of asking the provider on for a chat that is gone, and nothing of it comes back.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient } from "./auth-helpers";
import { runnerOf, startStreamingAnswer } from "./chat-helpers";
import { appEnv } from "./helpers";

describe("Delete all chats while an answer streams", () => {
  it("stops the answer, and leaves no message, thread or note behind", async () => {
    const { client, user } = await signedInClient();
    // 200 pieces 40 ms apart: eight seconds of answer, far longer than the test takes to delete.
    const { messageId, rest } = await startStreamingAnswer(client, "normal?n=200&ms=40", "Tell me a very long story.");

    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toMatchObject({ ok: true });
    const relay = appEnv.ACCOUNT.get(appEnv.ACCOUNT.idFromName(user.id));
    const ended = await runInDurableObject(relay, (instance) => runnerOf(instance).until(messageId, (state) => state.name === "ended"));
    expect(ended).toBeTruthy();
    const events = await rest();
    expect(events).not.toContain('"status":"complete"');
    const { chatThreads, chatMessages, memoryNotes } = accountSchema;
    expect(
      await inAccountDb(user.id, (store) => [
        store.select().from(chatThreads).all(),
        store.select().from(chatMessages).all(),
        store.select().from(memoryNotes).all(),
      ]),
    ).toEqual([[], [], []]);
  });
});
