// Shared by the web push tests (decision 0042): a signed-in account whose requests and object may reach the
// local push service (tests/mocks/fake-push.mjs), a browser's subscription made with WebCrypto keys, and the pushes
// the service accepted, decrypted as the browser would.
import { env as testEnv, runInDurableObject } from "cloudflare:test";
import { inject } from "vitest";
import type { AccountContext } from "../../app/.server/account/schema";
import type { AppEnv } from "../../app/.server/env";
import type { FakePush } from "../mocks/fake-push.mjs";
import { decryptPush, fromBase64url, subscriptionKeys, type SubscriptionKeys } from "../mocks/web-push-crypto.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient, type Client } from "./auth-helpers";
import { appEnv } from "./helpers";

export { accountSchema, inAccountDb };

/** The app's env with the local push service let in (a developer's or a test's run only). */
export function pushEnv(): AppEnv {
  return { ...appEnv, PUSH_DEV_SERVICE_ORIGIN: inject("fakePushUrl") } as AppEnv;
}

export async function pushAccount() {
  const { client, user } = await signedInClient();
  return { client: client.withEnv(pushEnv()), user };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: SubscriptionKeys;
}

/** A browser's subscription on the local push service: its own endpoint id and keys. */
export async function localSubscription(): Promise<TestSubscription> {
  const id = crypto.randomUUID();
  return { id, endpoint: `${inject("fakePushUrl")}/push/${id}`, keys: await subscriptionKeys() };
}

/** POST /api/notifications with form fields; the JSON answer and status. */
export async function notificationsAction(client: Client, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await client.fetch("/api/notifications", { method: "POST", body });
  return {
    status: response.status,
    json: (await response.json()) as { ok: boolean; id?: string; error?: { code: string; message: string; fieldErrors?: Record<string, string> } },
  };
}

export function subscribe(client: Client, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  return notificationsAction(client, { intent: "subscribe", endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
}

export function subscriptionsOf(accountId: string) {
  return inAccountDb(accountId, (db) => db.select().from(accountSchema.pushSubscriptions).orderBy(accountSchema.pushSubscriptions.createdAt).all());
}

/**
 * Runs `work` inside the account's object with the push env (the object's own env has no local push service: its
 * port is only known once the run has started).
 */
export function inAccountWithPush<T>(accountId: string, work: (account: AccountContext) => Promise<T>): Promise<T> {
  const stub = testEnv.ACCOUNT.get(testEnv.ACCOUNT.idFromName(accountId));
  return runInDurableObject(stub, (instance) => {
    const context = (instance as unknown as { accountContext(): AccountContext }).accountContext();
    return work({ ...context, env: pushEnv() });
  });
}

/** The pushes the local push service accepted for one subscription. */
export async function pushesTo(subscription: TestSubscription): Promise<FakePush[]> {
  return (await (await fetch(`${inject("fakePushUrl")}/__pushes?id=${subscription.id}`)).json()) as FakePush[];
}

/** From now on the push service answers 410 Gone for this subscription (the browser unsubscribed). */
export async function markGone(subscription: TestSubscription) {
  await fetch(`${inject("fakePushUrl")}/__gone/${subscription.id}`, { method: "POST" });
}

/** The payload of a push, decrypted with the subscription's private key and auth secret. */
export async function decrypted(push: FakePush, subscription: TestSubscription): Promise<Record<string, unknown>> {
  return JSON.parse(await decryptPush(fromBase64url(push.body), subscription.keys)) as Record<string, unknown>;
}
