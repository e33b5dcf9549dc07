// Shared by the memory tests (decision 0027): a signed-in account talking to the app (demo provider, or the fake
// OpenAI-compatible upstream), reading and seeding its memories in its own object, and its Settings › Memory calls.
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient, type Client } from "./auth-helpers";
import { storeThread, upstreamEnv } from "./chat-helpers";
import type { MemoryJob } from "../../app/.server/memory/jobs";
import { appEnv } from "./helpers";

export { accountSchema, inAccountDb };

/** A signed-in Free account; `upstreamModel` points the fast model at a fake behaviour, else the demo provider answers. */
export async function memoryAccount(upstreamModel?: string, accessLevel: "basic" | "pro" = "basic") {
  const { client, user } = await signedInClient({ accessLevel });
  const env: AppEnv = upstreamModel ? upstreamEnv(upstreamModel) : appEnv;
  return { client: client.withEnv(env), user, env };
}

export async function memoriesOf(accountId: string) {
  return inAccountDb(accountId, (db) => db.select().from(accountSchema.memories).orderBy(accountSchema.memories.createdAt).all());
}

export async function noteOf(accountId: string, messageId: string) {
  return inAccountDb(accountId, (db) => db.select().from(accountSchema.memoryNotes).where(eq(accountSchema.memoryNotes.messageId, messageId)).get());
}

/** Seeds memories straight into the account's storage, oldest first. */
export async function seedMemories(accountId: string, texts: string[]) {
  const now = Date.now() - texts.length;
  await inAccountDb(accountId, (db) => {
    db.transaction((tx) => {
      texts.forEach((text, index) =>
        tx
          .insert(accountSchema.memories)
          .values({ id: crypto.randomUUID(), text, createdAt: now + index, updatedAt: now + index })
          .run(),
      );
    });
  });
}

/** The turn's extraction job has run (through the real memory-jobs queue): its note is no longer pending. */
export async function extractionDone(accountId: string, messageId: string) {
  return vi.waitFor(
    async () => {
      const note = await noteOf(accountId, messageId);
      if (!note || note.pending) throw new Error("extraction still pending");
      return note;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** POST /api/memory or /api/memory/:id with form fields; the JSON answer and status. */
export async function memoryAction(client: Client, path: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await client.fetch(path, { method: "POST", body });
  return {
    status: response.status,
    json: (await response.json()) as { ok: boolean; error?: { code: string; message: string; fieldErrors?: Record<string, string> } },
  };
}

/**
 * A memory job for a turn stored in the account (its question and answer in a thread), as a finished answer queues
 * one: an extraction keeps nothing from a turn that is no longer there (decision 0027).
 */
export async function storedTurnJob(accountId: string, question: string, answer = "Noted."): Promise<MemoryJob> {
  const threadId = crypto.randomUUID();
  const messageId = crypto.randomUUID();
  const now = Date.now();
  await storeThread(accountId, { id: threadId, title: "A chat" }, [
    { id: crypto.randomUUID(), role: "user", content: question, createdAt: now },
    { id: messageId, role: "assistant", content: answer, model: "gpt-4o-mini", createdAt: now + 1 },
  ]);
  return { accountId, threadId, messageId, question, answer, model: "gpt-4o-mini" };
}
