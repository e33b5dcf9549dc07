// Settings → Account through the real worker: name, photo (content-checked, R2, served only to its owner), the
// verification and change-password emails (and their docs/product.md §8 failures), deleting chats and the account, and that
// one user can never read or change another's profile, photo or sessions.
import { eq, inArray } from "drizzle-orm";
import authEn from "../../locales/en/auth.json";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import { schema } from "../../app/.server/db";
import { deleteAccountToTheEnd } from "./deletion-helpers";
import { appEnv, uniqueId, productionEnv } from "./helpers";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, connectionsOf, createUser, db, findUserRow, latestEmail, sessionsOf, signedInClient } from "./auth-helpers";
import { accountThreads, storeThread, threadMessages } from "./chat-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A valid PNG of the given size (solid colour), built with the platform's own deflate. */
async function png(width = 4, height = 4): Promise<Uint8Array<ArrayBuffer>> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const concat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  };
  const u32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  const chunk = (type: string, data: Uint8Array) => {
    const body = concat(new TextEncoder().encode(type), data);
    return concat(u32(data.length), body, u32(crc(body)));
  };
  const raw = concat(...Array.from({ length: height }, () => concat(new Uint8Array([0]), new Uint8Array(width * 3).fill(90))));
  const deflated = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  const header = concat(u32(width), u32(height), new Uint8Array([8, 2, 0, 0, 0]));
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflated),
    chunk("IEND", new Uint8Array()),
  );
}

function photoForm(bytes: Uint8Array<ArrayBuffer>, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.set("intent", "upload-photo");
  form.set("photo", new File([bytes], name, { type }));
  return form;
}

/** The upload row of a file, in the account's own object. */
function uploadWithKey(accountId: string, r2Key: string) {
  return inAccountDb(accountId, (account) => account.select().from(accountSchema.uploads).where(eq(accountSchema.uploads.r2Key, r2Key)).get());
}

async function profileOf(client: Client) {
  return (await client.get("/api/user/profile")).json() as Promise<{ uid: string; displayName: string; profilePhotoUrl: string | null }>;
}

describe("display name", () => {
  it("is required, at most 50 characters, and saved for the signed-in user", async () => {
    const { client, user } = await signedInClient();
    expect((await client.action("/settings/account", { intent: "update-name", displayName: "   " })).data).toMatchObject({
      error: { fieldErrors: { displayName: authEn.validation.required } },
    });
    expect((await client.action("/settings/account", { intent: "update-name", displayName: "x".repeat(51) })).data).toMatchObject({
      error: { fieldErrors: { displayName: authEn.validation.displayNameLength } },
    });
    expect((await client.action("/settings/account", { intent: "update-name", displayName: "  Ada King  " })).data).toEqual({ ok: true, notice: "nameSaved" });
    expect((await findUserRow(user.id))!.displayName).toBe("Ada King");
    const root = await client.loaderData("/web-main", "root");
    expect(root.data!.user).toMatchObject({ id: user.id, displayName: "Ada King", accessLevel: "basic", profilePhotoUrl: null });
  });

  it("is shown on the page a form sent without JavaScript comes back to (the loaders read the changed user)", async () => {
    const { client } = await signedInClient();
    await client.fetch("/web-main");
    const response = await client.fetch("/settings/account", {
      method: "POST",
      body: new URLSearchParams({ intent: "update-name", displayName: "Grace Hopper" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Grace Hopper");
  });

  it("needs a session: a visitor's post is sent to sign in", async () => {
    const result = await new Client().action("/settings/account", { intent: "update-name", displayName: "Mallory" });
    expect(result.redirect).toBe("/auth/login?redirectTo=%2Fsettings%2Faccount");
  });
});

describe("profile photo", () => {
  it("stores a PNG under a server-made key and serves it only to its owner", async () => {
    const { client, user } = await signedInClient();
    const bytes = await png(8, 6);
    expect((await client.action("/settings/account", photoForm(bytes, "../../etc/passwd.png"))).data).toEqual({ ok: true, notice: "photoUpdated" });
    const row = (await findUserRow(user.id))!;
    expect(row.profilePhotoKey).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f-]{36}\\.png$`));
    const upload = await uploadWithKey(user.id, row.profilePhotoKey!);
    expect(upload).toMatchObject({ ownerId: user.id, contentType: "image/png", width: 8, height: 6, bytes: bytes.length });

    const { profilePhotoUrl } = await profileOf(client);
    expect(profilePhotoUrl).toMatch(new RegExp(`^/media/avatar/${user.id}\\?v=`));
    const served = await client.get(profilePhotoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toContain("private");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    expect((await new Client().get(profilePhotoUrl!)).status).toBe(404);
    const { client: other } = await signedInClient();
    expect((await other.get(profilePhotoUrl!)).status).toBe(404);
  });

  it("checks the content, not the name: a disguised file, a broken header and an oversized file are refused", async () => {
    const { client, user } = await signedInClient();
    const gif = new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;");
    expect(await client.action("/settings/account", photoForm(gif, "cat.png"))).toMatchObject({
      status: 415,
      data: { error: { code: "upload/invalid-type" } },
    });
    const truncated = (await png()).slice(0, 30);
    expect((await client.action("/settings/account", photoForm(truncated))).data).toMatchObject({ error: { code: "upload/corrupt" } });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png());
    expect(await client.action("/settings/account", photoForm(big))).toMatchObject({ status: 413, data: { error: { code: "upload/avatar-too-large" } } });
    expect((await client.action("/settings/account", { intent: "upload-photo" })).data).toMatchObject({ error: { code: "upload/empty" } });
    expect((await findUserRow(user.id))!.profilePhotoKey).toBeNull();
  });

  it("replaces and removes the photo, deleting the old objects", async () => {
    const { client, user } = await signedInClient();
    await client.action("/settings/account", photoForm(await png(2, 2)));
    const firstKey = (await findUserRow(user.id))!.profilePhotoKey!;
    await client.action("/settings/account", photoForm(await png(3, 3)));
    const secondKey = (await findUserRow(user.id))!.profilePhotoKey!;
    expect(secondKey).not.toBe(firstKey);
    expect(await appEnv.MEDIA.head(firstKey)).toBeNull();
    expect(await uploadWithKey(user.id, firstKey)).toBeUndefined();

    const { profilePhotoUrl } = await profileOf(client);
    expect((await client.action("/settings/account", { intent: "remove-photo" })).data).toEqual({ ok: true, notice: "photoRemoved" });
    expect((await findUserRow(user.id))!.profilePhotoKey).toBeNull();
    expect(await appEnv.MEDIA.head(secondKey)).toBeNull();
    expect((await client.get(profilePhotoUrl!)).status).toBe(404);
  });
});

describe("one user cannot reach another's data", () => {
  it("every settings action acts on the session's own account, whatever the form says", async () => {
    const { client: mallory, user: malloryUser } = await signedInClient();
    const { client: alice, user: aliceUser } = await signedInClient({ displayName: "Alice" });
    await alice.action("/settings/account", photoForm(await png()));
    const alicePhoto = (await profileOf(alice)).profilePhotoUrl!;

    // Smuggled ids are ignored: the action has no user id parameter at all.
    await mallory.action("/settings/account", { intent: "update-name", displayName: "Pwned", userId: aliceUser.id, uid: aliceUser.id });
    await mallory.action("/settings/account", { intent: "remove-photo", userId: aliceUser.id });
    await mallory.action("/settings/account", { intent: "sign-out-others", userId: aliceUser.id });
    await mallory.action("/settings/login-connection", { intent: "disconnect", provider: "email", userId: aliceUser.id });

    expect((await findUserRow(aliceUser.id))!.displayName).toBe("Alice");
    expect((await findUserRow(malloryUser.id))!.displayName).toBe("Pwned");
    expect((await alice.get(alicePhoto)).status).toBe(200);
    expect((await mallory.get(alicePhoto)).status).toBe(404);
    expect(await sessionsOf(aliceUser.id)).toHaveLength(1);
    expect(await connectionsOf(aliceUser.id)).toHaveLength(1);
    expect(await profileOf(mallory)).toMatchObject({ uid: malloryUser.id });
    expect(await profileOf(alice)).toMatchObject({ uid: aliceUser.id, displayName: "Alice" });
  });
});

describe("emails from settings", () => {
  it("sends the change-password link to a verified email-password account", async () => {
    const { client, user } = await signedInClient();
    expect((await client.action("/settings/account", { intent: "change-password" })).data).toEqual({ ok: true, notice: "changePasswordSent" });
    const { row, path } = await latestEmail(user.email);
    expect(row!.subject).toContain("Change your");
    expect(path).toMatch(/^\/auth\/reset-password\?token=/);
  });

  it("blocks password change while the email is unverified (docs/product.md §4), and for accounts without a password", async () => {
    const { client, user } = await signedInClient({ providers: ["google"] });
    await db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, user.id));
    expect((await client.action("/settings/account", { intent: "change-password" })).data).toMatchObject({ error: { code: "auth/unverified-email" } });
    // The unverified address can ask for its activation email from settings.
    expect((await client.action("/settings/account", { intent: "send-verification" })).data).toEqual({ ok: true, notice: "activationSent" });
    expect((await latestEmail(user.email)).row!.subject).toContain("Verify your email");

    const { client: googleOnly, user: googleUser } = await signedInClient({ providers: ["google"] });
    await googleOnly.action("/settings/login-connection", { intent: "disconnect", provider: "email" });
    expect((await findUserRow(googleUser.id))!.passwordHash).toBeNull();
    expect((await googleOnly.action("/settings/account", { intent: "change-password" })).data).toMatchObject({ error: { code: "auth/operation-not-allowed" } });
  });

  it("uses the HTTP email provider in production and reports docs/product.md §8's failures", async () => {
    const { client, user } = await signedInClient();
    const production = productionEnv({
      // The session cookie is signed with the secret it was made under (decision 0039): the same deployment's.
      SESSION_SECRET: String(appEnv.SESSION_SECRET),
      EMAIL_PROVIDER_URL: "https://mail.example/emails",
      EMAIL_API_KEY: "mail-key",
      EMAIL_FROM: "Nova <hello@mail.example>",
    });
    const prod = client.withEnv(production);
    const sent: { url: string; auth: string | null; body: Record<string, unknown> }[] = [];
    let answer = 200;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      sent.push({ url: request.url, auth: request.headers.get("Authorization"), body: await request.json() });
      return new Response("{}", { status: answer });
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    expect((await prod.action("/settings/account", { intent: "change-password" })).data).toEqual({ ok: true, notice: "changePasswordSent" });
    expect(sent[0]).toMatchObject({
      url: "https://mail.example/emails",
      auth: "Bearer mail-key",
      body: { from: "Nova <hello@mail.example>", to: [user.email] },
    });
    expect(String(sent[0]!.body.text)).toContain("/auth/reset-password?token=");
    expect(String(sent[0]!.body.html)).toContain("/auth/reset-password?token=");
    // Production keeps no copy of the body (it holds a one-time link).
    expect((await latestEmail(user.email)).row).toMatchObject({ status: "sent", textBody: "", htmlBody: "" });

    answer = 503;
    expect(await prod.action("/settings/account", { intent: "change-password" })).toMatchObject({
      status: 502,
      data: { error: { code: "email/change-password-failed" } },
    });
    const stranger = await createUser({ verified: false });
    const resend = await new Client(undefined, production).action("/auth/login", {
      email: stranger.email,
      password: stranger.password,
      intent: "resend-verification",
    });
    expect(resend).toMatchObject({ status: 502, data: { error: { code: "email/activation-failed" } } });
    expect((await latestEmail(stranger.email)).row).toMatchObject({ status: "failed", textBody: "" });
  });
});

describe("deleting", () => {
  it("deletes all of the user's chats and nobody else's", async () => {
    const { client, user } = await signedInClient();
    const other = await createUser();
    const mine = uniqueId("thread");
    const theirs = uniqueId("thread");
    await storeThread(user.id, { id: mine, title: "mine" }, [{ id: uniqueId("message"), role: "user", content: "hello" }]);
    await storeThread(other.id, { id: theirs, title: "theirs" });
    // Each has a public link: the user's goes with their chats (share/links.ts deleteShareOf), the other's stays.
    const links = [mine, theirs].map((threadId) => ({ id: uniqueId("link"), threadId }));
    await db.insert(schema.sharedLinks).values(links.map(({ id, threadId }, index) => ({ id, threadId, ownerId: [user.id, other.id][index]!, title: "t" })));
    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toEqual({ ok: true, notice: "actionCompleted" });
    expect(await accountThreads(user.id)).toEqual([]);
    expect(await threadMessages(user.id, mine)).toEqual([]);
    expect((await accountThreads(other.id)).map((thread) => thread.id)).toEqual([theirs]);
    expect(
      (
        await db
          .select({ threadId: schema.sharedLinks.threadId })
          .from(schema.sharedLinks)
          .where(
            inArray(
              schema.sharedLinks.id,
              links.map((link) => link.id),
            ),
          )
      ).map((row) => row.threadId),
    ).toEqual([theirs]);
  });

  it("refuses to delete an account while Pro is active, and says to cancel first", async () => {
    const { client, user } = await signedInClient();
    const subscription = uniqueId("sub");
    await db.insert(schema.subscriptions).values({
      id: subscription,
      userId: user.id,
      status: "active",
      priceId: "price_month",
      billingPeriod: "month",
      currentPeriodEnd: Date.now() + 86_400_000,
      stripeEventAt: Date.now(),
    });
    expect(await client.action("/settings/account", { intent: "delete-account" })).toMatchObject({
      status: 409,
      data: { error: { code: "account/pro-active" } },
    });
    // Cancelled (runs out at the period end): deleting is allowed.
    await db.update(schema.subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(schema.subscriptions.id, subscription));
    expect((await client.action("/settings/account", { intent: "delete-account" })).redirect).toBe("/auth/login?notice=account-deleted");

    const { client: granted } = await signedInClient({ accessLevel: "pro" });
    expect((await granted.action("/settings/account", { intent: "delete-account" })).data).toMatchObject({ error: { code: "account/pro-active" } });
  });

  it("deletes the account's rows and R2 objects, signs it out, and leaves other accounts alone", async () => {
    const { client, user } = await signedInClient();
    const other = await createUser();
    await client.action("/settings/account", photoForm(await png()));
    const avatarKey = (await findUserRow(user.id))!.profilePhotoKey!;
    // Adopted from the visitor the person was before signing in: its key names the guest, so only the object knows it.
    const uploadKey = `uploads/g_${uniqueId("guest")}/${uniqueId("u")}.png`;
    const galleryKey = `gallery/${user.id}/${uniqueId("g")}.svg`;
    const strayKey = `gallery/${user.id}/stray.svg`;
    const othersKey = `gallery/${other.id}/keep.svg`;
    for (const key of [uploadKey, galleryKey, strayKey, othersKey]) await appEnv.MEDIA.put(key, "x");
    const jobId = uniqueId("job");
    await inAccountDb(user.id, (account) => {
      account
        .insert(accountSchema.uploads)
        .values({ id: uniqueId("upload"), ownerId: user.id, r2Key: uploadKey, contentType: "image/png", bytes: 1, width: 1, height: 1 })
        .run();
      account
        .insert(accountSchema.imageJobs)
        .values({ id: jobId, ownerId: user.id, tool: "image-generation", model: "gpt-4o-mini", creditKey: uniqueId("credit"), status: "done" })
        .run();
      account
        .insert(accountSchema.galleryImages)
        .values({
          id: uniqueId("image"),
          ownerId: user.id,
          jobId,
          tool: "image-generation",
          model: "gpt-4o-mini",
          r2Key: galleryKey,
          contentType: "image/svg+xml",
          width: 1,
          height: 1,
          bytes: 1,
        })
        .run();
    });
    await storeThread(user.id, { id: uniqueId("thread"), title: "bye" }, [{ id: uniqueId("message"), role: "user", content: "bye" }]);
    await db
      .insert(schema.emailTokens)
      .values({ id: uniqueId("token"), userId: user.id, purpose: "verify-email", tokenHash: uniqueId("hash"), expiresAt: Date.now() + 1000 });

    const result = await deleteAccountToTheEnd(client);
    expect(result.redirect).toBe("/auth/login?notice=account-deleted");
    expect(result.setCookies.some((line) => line.startsWith("__Host-session=;"))).toBe(true);

    expect(await findUserRow(user.id)).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(await connectionsOf(user.id)).toHaveLength(0);
    expect(await db.$count(schema.emailTokens, eq(schema.emailTokens.userId, user.id))).toBe(0);
    // The account's own object was erased with it (decision 0033): empty, and refusing whatever still reaches it (a
    // late job, an answer still finishing), so it holds none of the account's rows.
    const { chatThreads, chatMessages, uploads, imageJobs, galleryImages } = accountSchema;
    expect(
      await inAccountDb(user.id, (account) =>
        [chatThreads, chatMessages, uploads, imageJobs, galleryImages].map((table) => account.select().from(table).all().length),
      ),
    ).toEqual([0, 0, 0, 0, 0]);
    await expect(inAccount(appEnv, user.id, "storage.usage", {})).rejects.toMatchObject({ code: "account/deleted" });
    for (const key of [avatarKey, uploadKey, galleryKey, strayKey]) expect(await appEnv.MEDIA.head(key), key).toBeNull();
    expect(await appEnv.MEDIA.head(othersKey)).not.toBeNull();
    expect(await findUserRow(other.id)).toBeDefined();
    expect((await client.get("/api/user/profile")).status).toBe(401);
    // The address is free again.
    expect(
      (await new Client().action("/auth/sign-up", { displayName: "Back", email: user.email, password: "again-pass-1", confirmPassword: "again-pass-1" })).data,
    ).toMatchObject({
      ok: true,
    });
  });
});
