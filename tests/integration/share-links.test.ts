// Share links through the whole worker (decision 0015): the owner makes a link to a snapshot of a thread, updates and
// revokes it; anyone holding the link reads it signed out (without the owner's name unless shown), sees its images and,
// signed in, continues it in a chat of their own. Strangers' ids, unknown, revoked and deleted links are 404s.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import enErrors from "../../locales/en/errors.json";
import trErrors from "../../locales/tr/errors.json";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser, db, ORIGIN, signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A thread of `ownerId` with a question (with an image), its answer, and a failed answer that is never shared. */
async function makeThread(ownerId: string, title = "Northern lights") {
  const threadId = crypto.randomUUID();
  const uploadId = crypto.randomUUID();
  const r2Key = `uploads/${ownerId}/${uploadId}.png`;
  await appEnv.MEDIA.put(r2Key, PNG, { httpMetadata: { contentType: "image/png" } });
  await inAccountDb(ownerId, (account) =>
    account.insert(accountSchema.uploads).values({ id: uploadId, ownerId, r2Key, contentType: "image/png", bytes: PNG.byteLength, width: 1, height: 1 }).run(),
  );
  await db.insert(schema.chatThreads).values({ id: threadId, ownerId, title });
  const t = Date.now() - 10_000;
  await db.insert(schema.chatMessages).values([
    { id: crypto.randomUUID(), threadId, role: "user", content: "How do the northern lights form?", attachmentId: uploadId, createdAt: t },
    {
      id: crypto.randomUUID(),
      threadId,
      role: "assistant",
      content: "Solar wind meets the **magnetosphere**. <script>alert(1)</script>",
      model: "gpt-4o-mini",
      createdAt: t + 1,
    },
    { id: crypto.randomUUID(), threadId, role: "user", content: "And the colours?", createdAt: t + 2 },
    {
      id: crypto.randomUUID(),
      threadId,
      role: "assistant",
      content: "",
      model: "gpt-4o-mini",
      status: "failed",
      errorCode: "chat/upstream-failed",
      createdAt: t + 3,
    },
  ]);
  return { threadId, uploadId };
}

function post(client: Client, path: string, fields: Record<string, string>) {
  return client.fetch(path, { method: "POST", body: new URLSearchParams(fields) });
}

async function share(client: Client, threadId: string, fields: Record<string, string> = {}) {
  const response = await post(client, `/api/threads/${threadId}/share`, { intent: "share", ...fields });
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; share: { id: string; url: string; showName: boolean }; error?: { code: string; message: string } },
  };
}

async function linkRows(threadId: string) {
  return db.select().from(schema.sharedLinks).where(eq(schema.sharedLinks.threadId, threadId));
}

describe("making a share link", { timeout: 30_000 }, () => {
  it("gives the owner an unguessable link to a snapshot that reads signed out, without the owner's name", async () => {
    const { client, user } = await signedInClient({ displayName: "Ayla Owner" });
    const { threadId } = await makeThread(user.id);
    const made = await share(client, threadId);

    expect(made.status).toBe(200);
    expect(made.body.share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.body.share.url).toBe(`${ORIGIN}/share/${made.body.share.id}`);
    expect(made.body.share.showName).toBe(false);
    // The failed, empty answer is not part of the snapshot.
    const snapshot = await db.select().from(schema.sharedMessages).where(eq(schema.sharedMessages.shareId, made.body.share.id));
    expect(snapshot.map((message) => message.content)).toEqual([
      "How do the northern lights form?",
      "Solar wind meets the **magnetosphere**. <script>alert(1)</script>",
      "And the colours?",
    ]);

    const page = await new Client().get(`/share/${made.body.share.id}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta property="og:title" content="Northern lights"/>');
    expect(html).toContain('<meta property="og:description" content="How do the northern lights form?"/>');
    expect(html).toContain("How do the northern lights form?");
    expect(html).toContain("<strong>magnetosphere</strong>");
    // A model's HTML is shown as text, never run.
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Continue this chat");
    expect(html).not.toContain("Ayla Owner");
  });

  it("keeps later messages out until the owner updates the link, which keeps its address and can show their name", async () => {
    const { client, user } = await signedInClient({ displayName: "Ayla Owner" });
    const { threadId } = await makeThread(user.id);
    const first = await share(client, threadId);
    await db.insert(schema.chatMessages).values({ id: crypto.randomUUID(), threadId, role: "user", content: "A later question" });

    const before = await (await new Client().get(`/share/${first.body.share.id}`)).text();
    expect(before).not.toContain("A later question");

    const updated = await share(client, threadId, { showName: "on" });
    expect(updated.body.share).toMatchObject({ id: first.body.share.id, showName: true });
    expect(await linkRows(threadId)).toHaveLength(1);
    const after = await (await new Client().get(`/share/${first.body.share.id}`)).text();
    expect(after).toContain("A later question");
    expect(after).toContain("Shared by Ayla Owner");
  });

  it("builds the address on APP_ORIGIN, never on the request's Host", async () => {
    const { client, user } = await signedInClient();
    const { threadId } = await makeThread(user.id);
    await share(client, threadId);
    const configured = client.withEnv({ ...appEnv, APP_ORIGIN: "https://nova.example" } as AppEnv);
    const response = await configured.fetch(`/api/threads/${threadId}/share`, { headers: { Host: "evil.example" } });
    const body = (await response.json()) as { share: { id: string; url: string } };
    expect(body.share.url).toBe(`https://nova.example/share/${body.share.id}`);
  });

  it("refuses another user's thread with 404 and the translated message, and a visitor with 401; nothing is stored", async () => {
    const { user: owner } = await signedInClient();
    const { threadId } = await makeThread(owner.id);
    const { client: stranger } = await signedInClient();

    const refused = await share(stranger, threadId);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toEqual({ code: "chat/not-found", message: enErrors["chat/not-found"] });
    stranger.cookies.set("locale", "tr");
    const inTurkish = await share(stranger, threadId);
    expect(inTurkish.body.error?.message).toBe(trErrors["chat/not-found"]);
    expect((await stranger.get(`/api/threads/${threadId}/share`)).status).toBe(404);

    const visitor = await share(new Client(), threadId);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error?.code).toBe("share/sign-in-required");
    expect(await linkRows(threadId)).toHaveLength(0);
  });

  it("refuses a body that is not the share form with 400", async () => {
    const { client, user } = await signedInClient();
    const { threadId } = await makeThread(user.id);
    const wrong = await post(client, `/api/threads/${threadId}/share`, { intent: "share", showName: "maybe" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(enErrors["request/invalid"]);
    expect(await linkRows(threadId)).toHaveLength(0);
  });
});

describe("revoking and losing a link", { timeout: 30_000 }, () => {
  it("lists the owner's links in Settings › Account; revoking makes the page a 404; a stranger cannot revoke", async () => {
    const { client, user } = await signedInClient();
    const { threadId } = await makeThread(user.id, "Revocable chat");
    const { share: link } = (await share(client, threadId)).body;

    const settings = await client.loaderData("/settings/account", "routes/_main.settings.account");
    expect(settings.data?.sharedLinks).toEqual([expect.objectContaining({ id: link.id, title: "Revocable chat" })]);

    const { client: stranger } = await signedInClient();
    const strangerRevoke = await post(stranger, `/api/shares/${link.id}`, { intent: "revoke" });
    expect(strangerRevoke.status).toBe(404);
    expect(((await strangerRevoke.json()) as { error: { message: string } }).error.message).toBe(enErrors["share/not-found"]);
    expect(await linkRows(threadId)).toHaveLength(1);

    expect((await post(client, `/api/shares/${link.id}`, { intent: "revoke" })).status).toBe(200);
    const gone = await new Client().get(`/share/${link.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("Page Not Found");
    expect(await db.select().from(schema.sharedMessages).where(eq(schema.sharedMessages.shareId, link.id))).toHaveLength(0);
    expect((await post(client, `/api/shares/${link.id}`, { intent: "revoke" })).status).toBe(404);
  });

  it("answers 404 for a deleted thread's link, an unknown id and a malformed one", async () => {
    const { client, user } = await signedInClient();
    const { threadId } = await makeThread(user.id);
    const { share: link } = (await share(client, threadId)).body;
    expect((await post(client, `/api/threads/${threadId}`, { intent: "delete" })).status).toBe(200);

    for (const id of [link.id, "AAAAAAAAAAAAAAAAAAAAAA", "not-an-id", "x".repeat(300)]) {
      const page = await new Client().get(`/share/${encodeURIComponent(id)}`);
      expect(page.status, id).toBe(404);
    }
    expect(await linkRows(threadId)).toHaveLength(0);
  });
});

describe("images and continuing a shared chat", { timeout: 30_000 }, () => {
  it("serves only the snapshot's images to anyone with the link", async () => {
    const { client, user } = await signedInClient();
    const { threadId, uploadId } = await makeThread(user.id);
    const other = await makeThread(user.id, "Not shared");
    const { share: link } = (await share(client, threadId)).body;

    const image = await new Client().get(`/media/shares/${link.id}/${uploadId}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect((await new Client().get(`/media/shares/${link.id}/${other.uploadId}`)).status).toBe(404);
  });

  it("copies the snapshot, images included, into a new chat of the signed-in visitor; a visitor signs in first", async () => {
    const { client: owner, user } = await signedInClient();
    const { threadId } = await makeThread(user.id, "Lights to continue");
    const { share: link } = (await share(owner, threadId)).body;

    const guest = await post(new Client(), `/api/shares/${link.id}/continue`, { intent: "continue" });
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { error: { code: string } }).error.code).toBe("share/sign-in-required");

    const { client: visitor, user: visitorUser } = await signedInClient();
    const response = await post(visitor, `/api/shares/${link.id}/continue`, { intent: "continue" });
    expect(response.status).toBe(200);
    const { threadId: copyId, url } = (await response.json()) as { threadId: string; url: string };
    expect(url).toBe(`/web-main/${copyId}`);
    const copy = await db.query.chatThreads.findFirst({ where: eq(schema.chatThreads.id, copyId) });
    expect(copy).toMatchObject({ ownerId: visitorUser.id, title: "Lights to continue", tool: "web-main" });
    const messages = await db.select().from(schema.chatMessages).where(eq(schema.chatMessages.threadId, copyId)).orderBy(schema.chatMessages.createdAt);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "How do the northern lights form?"],
      ["assistant", "Solar wind meets the **magnetosphere**. <script>alert(1)</script>"],
      ["user", "And the colours?"],
    ]);
    // The image is the visitor's own copy, which their chat can show them.
    const attachment = messages[0]!.attachmentId!;
    const { uploads } = accountSchema;
    expect(await inAccountDb(visitorUser.id, (account) => account.select().from(uploads).where(eq(uploads.id, attachment)).get())).toBeTruthy();
    expect((await visitor.get(`/media/uploads/${attachment}`)).status).toBe(200);

    // Revoked: nothing more to continue.
    await post(owner, `/api/shares/${link.id}`, { intent: "revoke" });
    const late = await post(visitor, `/api/shares/${link.id}/continue`, { intent: "continue" });
    expect(late.status).toBe(404);
  });

  it("removes a link with its owner's account", async () => {
    const owner = await createUser();
    const { threadId } = await makeThread(owner.id);
    await db.insert(schema.sharedLinks).values({ id: "BBBBBBBBBBBBBBBBBBBBBB", ownerId: owner.id, threadId, title: "x" });
    await db.delete(schema.users).where(eq(schema.users.id, owner.id));
    expect((await new Client().get("/share/BBBBBBBBBBBBBBBBBBBBBB")).status).toBe(404);
  });
});
