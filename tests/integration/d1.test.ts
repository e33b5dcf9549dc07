// D1 through drizzle, as the app uses it: history order, cascades and unique constraints are enforced by the schema.
import { asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../app/.server/db";
import { appEnv, uniqueId } from "./helpers";
import { legacyChatMessages, legacyChatThreads } from "../../db/legacy-schema";

const db = getDb(appEnv);

/** Drizzle wraps D1's error ("Failed query: ..."); the constraint that fired is in the cause chain. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
    return messages.join("\n");
  }
  throw new Error("the query succeeded");
}

async function insertUser(email = `${uniqueId("u")}@example.com`) {
  const id = uniqueId("user");
  await db.insert(schema.users).values({ id, email, displayName: "Test Person" });
  return id;
}

describe("D1 schema through drizzle", () => {
  it("stores a thread with messages and lists the owner's history newest first", async () => {
    const ownerId = await insertUser();
    const otherOwner = await insertUser();
    const base = Date.UTC(2026, 0, 1);
    const threads = [
      { id: uniqueId("t"), ownerId, title: "oldest", createdAt: base, updatedAt: base },
      { id: uniqueId("t"), ownerId, title: "newest", createdAt: base + 2_000, updatedAt: base + 2_000 },
      { id: uniqueId("t"), ownerId, title: "middle", createdAt: base + 1_000, updatedAt: base + 1_000 },
      { id: uniqueId("t"), ownerId: otherOwner, title: "someone else's", updatedAt: base + 5_000 },
    ];
    await db.insert(legacyChatThreads).values(threads);
    const threadId = threads[1]!.id;
    await db.insert(legacyChatMessages).values([
      { id: uniqueId("m"), threadId, role: "user", content: "Hello", createdAt: base + 2_000 },
      { id: uniqueId("m"), threadId, role: "assistant", content: "Hi! How can I help?", model: "demo", createdAt: base + 2_001 },
    ]);

    const history = await db
      .select({ title: legacyChatThreads.title })
      .from(legacyChatThreads)
      .where(eq(legacyChatThreads.ownerId, ownerId))
      .orderBy(desc(legacyChatThreads.updatedAt));
    expect(history.map((row) => row.title)).toEqual(["newest", "middle", "oldest"]);

    const messages = await db.select().from(legacyChatMessages).where(eq(legacyChatMessages.threadId, threadId)).orderBy(asc(legacyChatMessages.createdAt));
    expect(messages.map((message) => [message.role, message.content, message.status])).toEqual([
      ["user", "Hello", "complete"],
      ["assistant", "Hi! How can I help?", "complete"],
    ]);
  });

  it("deletes a thread's messages with the thread (ON DELETE CASCADE)", async () => {
    const ownerId = await insertUser();
    const threadId = uniqueId("t");
    await db.insert(legacyChatThreads).values({ id: threadId, ownerId, title: "to delete" });
    await db.insert(legacyChatMessages).values([
      { id: uniqueId("m"), threadId, role: "user", content: "one" },
      { id: uniqueId("m"), threadId, role: "assistant", content: "two" },
    ]);
    expect(await db.$count(legacyChatMessages, eq(legacyChatMessages.threadId, threadId))).toBe(2);

    await db.delete(legacyChatThreads).where(eq(legacyChatThreads.id, threadId));

    expect(await db.$count(legacyChatThreads, eq(legacyChatThreads.id, threadId))).toBe(0);
    expect(await db.$count(legacyChatMessages, eq(legacyChatMessages.threadId, threadId))).toBe(0);
  });

  it("refuses a second user with the same email", async () => {
    const email = `${uniqueId("dup")}@example.com`;
    await insertUser(email);
    expect(await failureOf(insertUser(email))).toMatch(/UNIQUE constraint failed: users\.email/);
    expect(await db.$count(schema.users, eq(schema.users.email, email))).toBe(1);
  });

  it("refuses a message whose thread does not exist (foreign keys are on)", async () => {
    const orphan = db.insert(legacyChatMessages).values({ id: uniqueId("m"), threadId: uniqueId("missing"), role: "user", content: "orphan" });
    expect(await failureOf(orphan)).toMatch(/FOREIGN KEY constraint failed/);
  });
});
