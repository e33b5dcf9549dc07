// Web push (decision 0042): a browser's subscription is saved from Settings › Notifications, a push reaches the
// local push service encrypted as RFC 8291 says (decrypted here with the subscription's own private key) and signed
// with a VAPID JWT (RFC 8292) for that service; a push answered 410 forgets the device; a refused endpoint or key
// stores nothing; a kind switched off sends nothing; the page lists devices, and "Download my data" carries them.
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import { eq } from "drizzle-orm";
import { schema } from "../../app/.server/db";
import { notifyAnswerFinished } from "../../app/.server/notifications/background";
import { pushToDevices } from "../../app/.server/notifications/push";
import { PUSH_DEVICES_MAX } from "../../app/.server/notifications/subscriptions";
import { subscriptionKeys, toBase64url } from "../mocks/web-push-crypto.mjs";
import { db } from "./auth-helpers";
import { storeThread } from "./chat-helpers";
import { appEnv, productionEnv } from "./helpers";
import {
  decrypted,
  inAccountWithPush,
  localSubscription,
  markGone,
  notificationsAction,
  pushAccount,
  pushesTo,
  subscribe,
  subscriptionsOf,
} from "./notifications-helpers";

const MESSAGE = { title: "Your image is ready", body: "Open your gallery to see it.", url: "/gallery" };

describe("web push", { timeout: 30_000 }, () => {
  it("saves a subscription and delivers an encrypted, VAPID-signed push the browser can read", async () => {
    const { client, user } = await pushAccount();
    const subscription = await localSubscription();
    expect(await subscribe(client, subscription)).toMatchObject({ status: 200, json: { ok: true } });
    const [row] = await subscriptionsOf(user.id);
    expect(row).toMatchObject({ endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, lastSuccessAt: null });

    const outcome = await inAccountWithPush(user.id, (account) => pushToDevices(account, "image-ready", MESSAGE));
    expect(outcome).toEqual({ sent: 1, removed: 0 });
    const [push] = await pushesTo(subscription);
    expect(await decrypted(push!, subscription)).toEqual(MESSAGE);
    // The JWT names the push service's own origin (https: as the service it stands for), a contact, and expires in a day at most.
    const origin = new URL(subscription.endpoint);
    expect(push!.claims.aud).toBe(`https://${origin.host}`);
    expect(push!.claims.sub).toMatch(/^mailto:|^https:/);
    expect(push!.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push!.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect((await subscriptionsOf(user.id))[0]!.lastSuccessAt).not.toBeNull();
  });

  it("forgets a device the push service says is gone, and keeps the others", async () => {
    const { client, user } = await pushAccount();
    const [kept, gone] = [await localSubscription(), await localSubscription()];
    await subscribe(client, kept);
    await subscribe(client, gone);
    await markGone(gone);
    const outcome = await inAccountWithPush(user.id, (account) => pushToDevices(account, "schedule", MESSAGE));
    expect(outcome).toEqual({ sent: 1, removed: 1 });
    expect((await subscriptionsOf(user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it("sends nothing for a kind switched off, and again once it is back on", async () => {
    const { client, user } = await pushAccount();
    const subscription = await localSubscription();
    await subscribe(client, subscription);
    expect(await notificationsAction(client, { intent: "switch", kind: "export-ready", enabled: "false" })).toMatchObject({ status: 200 });
    expect(await inAccountWithPush(user.id, (account) => pushToDevices(account, "export-ready", MESSAGE))).toEqual({
      sent: 0,
      removed: 0,
      skipped: "switched-off",
    });
    // Another kind still goes.
    expect(await inAccountWithPush(user.id, (account) => pushToDevices(account, "image-ready", MESSAGE))).toMatchObject({ sent: 1 });
    expect(await pushesTo(subscription)).toHaveLength(1);
    await notificationsAction(client, { intent: "switch", kind: "export-ready", enabled: "true" });
    expect(await inAccountWithPush(user.id, (account) => pushToDevices(account, "export-ready", MESSAGE))).toMatchObject({ sent: 1 });
  });

  it("tells of an answer that finished unread in the account's language, opening its thread, unless switched off", async () => {
    const { client, user } = await pushAccount();
    await db.update(schema.users).set({ locale: "tr" }).where(eq(schema.users.id, user.id));
    const threadId = crypto.randomUUID();
    await storeThread(user.id, { id: threadId, title: "Gelgitler ve Ay", tool: "web-search" });
    const subscription = await localSubscription();
    await subscribe(client, subscription);
    await inAccountWithPush(user.id, (account) => notifyAnswerFinished(account, threadId));
    const [push] = await pushesTo(subscription);
    expect(await decrypted(push!, subscription)).toEqual({
      title: "Yanıtınız tamamlandı",
      body: "Gelgitler ve Ay",
      url: `/web-search/${threadId}`,
      tag: "answerFinished",
    });
    await notificationsAction(client, { intent: "switch", kind: "answer-finished", enabled: "false" });
    await inAccountWithPush(user.id, (account) => notifyAnswerFinished(account, threadId));
    expect(await pushesTo(subscription)).toHaveLength(1);
  });

  it("says when there is no device", async () => {
    const { user } = await pushAccount();
    expect(await inAccountWithPush(user.id, (account) => pushToDevices(account, "schedule", MESSAGE))).toEqual({ sent: 0, removed: 0, skipped: "no-devices" });
  });
});

describe("saving a subscription", { timeout: 30_000 }, () => {
  it.each([
    ["plain http", "http://push.example.com/send/abc", "The push address must use HTTPS."],
    ["a private address", "https://10.0.0.7/push/abc", "The push address must be a public push service, not a local or private address."],
    ["loopback in another spelling", "https://0x7f.1/push/abc", "The push address must be a public push service, not a local or private address."],
    ["an IPv6 literal", "https://[::1]/push/abc", "The push address must be a public push service, not a local or private address."],
    ["link-local metadata", "https://169.254.169.254/latest", "The push address must be a public push service, not a local or private address."],
    ["localhost", "https://localhost/push/abc", "The push address must be a public push service, not a local or private address."],
    ["a local name", "https://router.local/push", "The push address must be a public push service, not a local or private address."],
    ["far too long", `https://fcm.googleapis.com/fcm/send/${"a".repeat(2100)}`, "The browser gave no valid push address."],
  ])("refuses %s, storing nothing", async (_, endpoint, message) => {
    const { client, user } = await pushAccount();
    const { keys } = await localSubscription();
    const answer = await subscribe(client, { endpoint, keys });
    expect(answer.status).toBe(400);
    expect(answer.json.error?.fieldErrors?.endpoint).toBe(message);
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it("refuses the local push service when no development setting names it", async () => {
    const { client, user } = await pushAccount();
    const subscription = await localSubscription();
    const answer = await subscribe(client.withEnv(appEnv), subscription);
    expect(answer.json.error?.fieldErrors?.endpoint).toBe("The push address must use HTTPS.");
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it("refuses keys that are not a P-256 point and a 16-byte secret", async () => {
    const { client, user } = await pushAccount();
    const { endpoint, keys } = await localSubscription();
    const notOnCurve = toBase64url(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : 7)));
    for (const bad of [
      { p256dh: keys.p256dh.slice(0, 40), auth: keys.auth },
      { p256dh: notOnCurve, auth: keys.auth },
      { p256dh: keys.p256dh, auth: toBase64url(new Uint8Array(15)) },
      { p256dh: "not base64!", auth: keys.auth },
    ]) {
      const answer = await subscribe(client, { endpoint, keys: bad });
      expect(answer.status).toBe(400);
      expect(Object.values(answer.json.error?.fieldErrors ?? {})).toContain("The browser's notification keys are not valid.");
    }
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices, replacing the one added longest ago`, async () => {
    const { client, user } = await pushAccount();
    const { keys } = await localSubscription();
    const endpoints = Array.from({ length: PUSH_DEVICES_MAX + 1 }, (_, index) => `https://fcm.googleapis.com/fcm/send/device-${index}-${crypto.randomUUID()}`);
    for (const endpoint of endpoints) expect((await subscribe(client, { endpoint, keys })).status).toBe(200);
    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(PUSH_DEVICES_MAX);
    expect(rows.map((row) => row.endpoint)).not.toContain(endpoints[0]);
    expect(rows.map((row) => row.endpoint)).toContain(endpoints[PUSH_DEVICES_MAX]);
  });

  it("saving the same browser again keeps one device with its new keys", async () => {
    const { client, user } = await pushAccount();
    const subscription = await localSubscription();
    await subscribe(client, subscription);
    const renewed = await subscriptionKeys();
    await subscribe(client, { endpoint: subscription.endpoint, keys: renewed });
    const rows = await subscriptionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(renewed.p256dh);
  });
});

describe("Settings › Notifications", { timeout: 30_000 }, () => {
  it("explains first, lists the device with its name, removes it, and exports what is kept", async () => {
    const { client, user } = await pushAccount();
    const page = await (await client.fetch("/settings/notifications")).text();
    expect(page).toContain("Notifications reach this device even when the app is closed.");
    expect(page).toContain("Turn on notifications");
    expect(page).toContain("No device receives notifications yet.");
    expect(page.match(/role="switch" aria-checked="true"/g)).toHaveLength(4);

    const subscription = await localSubscription();
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: "subscribe",
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    })) {
      body.set(name, value);
    }
    const userAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    expect((await client.fetch("/api/notifications", { method: "POST", body, headers: { "User-Agent": userAgent } })).status).toBe(200);
    await notificationsAction(client, { intent: "switch", kind: "answer-finished", enabled: "false" });
    const listed = await (await client.fetch("/settings/notifications")).text();
    expect(listed).toContain("Windows · Chrome");
    expect(listed.match(/role="switch" aria-checked="false"/g)).toHaveLength(1);

    const exported = await inAccount(appEnv, user.id, "notifications.export");
    expect(exported).toMatchObject({
      devices: [{ device: "Windows · Chrome", pushService: new URL(subscription.endpoint).origin, lastDeliveredAt: null }],
      switches: { "answer-finished": false, "image-ready": true },
    });
    expect(JSON.stringify(exported)).not.toContain(subscription.keys.auth);

    const [row] = await subscriptionsOf(user.id);
    expect(await notificationsAction(client, { intent: "remove", id: row!.id })).toMatchObject({ status: 200 });
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await notificationsAction(client, { intent: "remove", id: row!.id })).toMatchObject({ status: 404 });
  });

  it("says push is not available where no VAPID keys are configured (production)", async () => {
    const { client } = await pushAccount();
    // The same secret as the test's own env, so the session cookie it signed still holds.
    const production = client.withEnv(productionEnv({ SESSION_SECRET: String((appEnv as unknown as Record<string, unknown>).SESSION_SECRET) }));
    expect(await (await production.fetch("/settings/notifications")).text()).toContain("Notifications are not available on this server.");
    const subscription = await localSubscription();
    const answer = await subscribe(production, { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: subscription.keys });
    expect(answer).toMatchObject({ status: 503, json: { error: { code: "notifications/not-configured" } } });
  });
});
