// A visitor's hand-over cut short (decision 0026, "A visitor signing in"): the account copies the guest's rows page by
// page and the guest forgets them only once every page is in, so a call lost on the way, at any point, loses nothing
// and a later sign-in finishes the move; a guest holding more than one RPC reply can carry (32 MiB) moves whole.
import { env, runInDurableObject } from "cloudflare:test";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Account } from "../../app/.server/account/object";
import { adoptGuestData } from "../../app/.server/auth/profile";
import { loadConfig } from "../../app/.server/env";
import { issueGuestId } from "../../app/.server/identity";
import { accountSchema, inAccountDb } from "./account-helpers";
import { createUser } from "./auth-helpers";
import { appEnv, uniqueId } from "./helpers";

const config = loadConfig(appEnv);
const { chatThreads, chatMessages, documents, documentPages } = accountSchema;

/** A guest with a chat and one text document of `pages` pages of `pageChars` characters each, made straight in storage. */
async function guestWithDocument(pages: number, pageChars: number) {
  const { guestId } = await issueGuestId(new Request("https://app.example/"), config);
  const threadId = uniqueId("thread");
  const documentId = crypto.randomUUID();
  await inAccountDb(guestId, (db) => {
    db.insert(chatThreads).values({ id: threadId, ownerId: guestId, title: "Read my notes" }).run();
    db.insert(chatMessages)
      .values({ id: uniqueId("m"), threadId, role: "user", content: "What do they say?" })
      .run();
    const chars = pages * pageChars;
    db.insert(documents)
      .values({
        id: documentId,
        ownerId: guestId,
        name: "notes.txt",
        contentType: "text/plain",
        r2Key: `documents/${guestId}/${documentId}.txt`,
        bytes: chars,
        pages,
        state: "ready",
        chars,
        threadId,
      })
      .run();
    for (let number = 1; number <= pages; number += 1) {
      db.insert(documentPages)
        .values({ documentId, number, heading: null, text: `${number} `.padEnd(pageChars, "x") })
        .run();
    }
  });
  return guestId;
}

/** How many of each handed-over kind of row an account's object holds, and whose the threads are. */
function contents(accountId: string) {
  return inAccountDb(accountId, (db) => ({
    threads: db.select({ ownerId: chatThreads.ownerId }).from(chatThreads).all(),
    messages: db.select({ n: count() }).from(chatMessages).get()!.n,
    documents: db.select({ ownerId: documents.ownerId }).from(documents).all(),
    pages: db.select({ n: count() }).from(documentPages).get()!.n,
  }));
}

/**
 * Signs the guest in as `userId` from inside the account's object, whose calls to the guest's object go through
 * `cut`: it may break a call before it leaves or lose its answer after the guest ran it, as a network or an eviction
 * would. The object's own binding is put back afterwards.
 */
function adoptThrough(userId: string, guestId: string, cut: (method: string, call: number, send: () => Promise<unknown>) => Promise<unknown>) {
  const stub = env.ACCOUNT.get(env.ACCOUNT.idFromName(userId));
  return runInDurableObject(stub, async (found) => {
    const instance = found as unknown as Account;
    const object = found as unknown as { env: typeof env };
    const real = object.env;
    let calls = 0;
    const guests = {
      idFromName: (name: string) => real.ACCOUNT.idFromName(name),
      get: (id: DurableObjectId) => {
        const guest = real.ACCOUNT.get(id) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        return new Proxy(guest, {
          get:
            (target, method: string) =>
            (...args: unknown[]) =>
              cut(method, (calls += 1), () => target[method]!(...args)),
        });
      },
    };
    object.env = { ...real, ACCOUNT: guests as unknown as typeof real.ACCOUNT };
    try {
      return await instance.adopt(guestId);
    } finally {
      object.env = real;
    }
  });
}

describe("a visitor's hand-over cut short", () => {
  it("cut after the copy, before the guest forgets: a later sign-in moves every row exactly once", async () => {
    const guestId = await guestWithDocument(3, 1_000);
    const user = await createUser();

    const cut = adoptThrough(user.id, guestId, (method, _call, send) =>
      method === "forgetHandedOver" ? Promise.reject(new Error("connection lost")) : send(),
    );
    await expect(cut).rejects.toThrow("connection lost");
    // Copied, not forgotten: both hold the rows for now, and nothing is lost.
    expect(await contents(user.id)).toMatchObject({ messages: 1, pages: 3 });
    expect(await contents(guestId)).toMatchObject({ messages: 1, pages: 3 });

    // The rerun copies again (every row already here, so none counted as moved) and the guest forgets.
    expect(await adoptThrough(user.id, guestId, (_method, _call, send) => send())).toBe(0);
    expect(await contents(user.id)).toEqual({ threads: [{ ownerId: user.id }], messages: 1, documents: [{ ownerId: user.id }], pages: 3 });
    expect(await contents(guestId)).toEqual({ threads: [], messages: 0, documents: [], pages: 0 });
  });

  it("a guest's answer lost, first or mid-way, leaves the guest's rows intact, and a later sign-in moves them", async () => {
    for (const lost of [1, 2]) {
      // Six pages of 1.5 MB (a row is at most 2 MB): more than one call's worth, so the second call is mid-way.
      const guestId = await guestWithDocument(6, 1_500_000);
      const user = await createUser();

      const cut = adoptThrough(user.id, guestId, async (_method, call, send) => {
        const answer = await send();
        if (call === lost) throw new Error("answer lost");
        return answer;
      });
      await expect(cut, `call ${lost}`).rejects.toThrow("answer lost");
      expect(await contents(guestId), `call ${lost}`).toEqual({ threads: [{ ownerId: guestId }], messages: 1, documents: [{ ownerId: guestId }], pages: 6 });

      await adoptGuestData(appEnv, guestId, user.id);
      expect(await contents(user.id)).toEqual({ threads: [{ ownerId: user.id }], messages: 1, documents: [{ ownerId: user.id }], pages: 6 });
      expect(await contents(guestId)).toEqual({ threads: [], messages: 0, documents: [], pages: 0 });
    }
  });

  it("a guest with 40 MB of document pages hands over completely", async () => {
    const guestId = await guestWithDocument(800, 50_000);
    const user = await createUser();

    // Every row counted once as moved: the thread, its message, the document and its 800 pages.
    expect(await adoptThrough(user.id, guestId, (_method, _call, send) => send())).toBe(803);
    expect(await contents(user.id)).toEqual({ threads: [{ ownerId: user.id }], messages: 1, documents: [{ ownerId: user.id }], pages: 800 });
    await adoptGuestData(appEnv, guestId, user.id);
    expect((await contents(user.id)).pages).toBe(800);
    expect(await contents(guestId)).toEqual({ threads: [], messages: 0, documents: [], pages: 0 });
  }, 20_000);
});
