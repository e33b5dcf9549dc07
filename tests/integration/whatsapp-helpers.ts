// Shared by the WhatsApp integration tests: the webhook worker's Hono app called as Hono's own tests do
// (`app.request(path, init, env, ctx)`), payloads shaped exactly as Meta documents them and signed with the app
// secret, the inbox queue recorded so the test decides when the consumer runs, and the fake Graph API's log.
import { createExecutionContext, createMessageBatch, env as testEnv, getQueueResult, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { inject } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import type { InboxItem } from "../../app/.server/whatsapp/inbox-message";
import { app as whatsappApp } from "../../workers/whatsapp";
import worker from "../../workers/app";
import { messageDelivery, statusDelivery, TEST_BUSINESS_NUMBER, TEST_PHONE_NUMBER_ID } from "../mocks/whatsapp-payloads.mjs";
import { appEnv } from "./helpers";
import type { QueueResult } from "./images-helpers";

export const APP_SECRET = "test-app-secret";
export const VERIFY_TOKEN = "test-verify-token";
export const PHONE_NUMBER_ID = TEST_PHONE_NUMBER_ID;
export const BUSINESS_NUMBER = TEST_BUSINESS_NUMBER;
export const APP_ORIGIN = "https://app.example";

/** The app's env with WhatsApp configured against the fake Graph API and the inbox queue recorded. */
export function whatsappEnv(vars: Record<string, string> = {}, options: { graphScope?: string } = {}) {
  const queued: InboxItem[] = [];
  const env = {
    ...appEnv,
    APP_ORIGIN,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_ACCESS_TOKEN: "test-access-token",
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_BUSINESS_NUMBER: BUSINESS_NUMBER,
    WHATSAPP_GRAPH_URL: options.graphScope ? `${inject("fakeGraphUrl")}/scope-${options.graphScope}` : inject("fakeGraphUrl"),
    ...vars,
    WHATSAPP_INBOX: {
      async send(body: InboxItem) {
        queued.push(body);
      },
    },
  } as AppEnv;
  return { env, queued };
}

/** A number of our own for one test, so tests never see each other's messages in the fake's log. */
export function uniqueNumber(country = "44"): string {
  return `${country}7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

export function wamid(): string {
  return `wamid.HBgL${crypto.randomUUID().replace(/-/g, "").toUpperCase()}`;
}

export type MessageInput = Parameters<typeof messageDelivery>[0];
/** One `messages` delivery, as the Cloud API sends it. */
export const messagePayload = messageDelivery;
export const statusPayload = statusDelivery;

export async function signBody(body: string, secret = APP_SECRET): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return `sha256=${[...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The wamid of a queued item (a message; statuses have none). */
export function idOf(item: InboxItem | undefined): string | undefined {
  return item && item.kind !== "statuses" ? item.id : undefined;
}

/** POSTs a delivery to the webhook worker; `signature: null` sends none, a string sends that one. */
export async function postWebhook(env: AppEnv, payload: unknown, options: { signature?: string | null; raw?: string } = {}) {
  const body = options.raw ?? JSON.stringify(payload);
  const signature = options.signature === undefined ? await signBody(body) : options.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["X-Hub-Signature-256"] = signature;
  const ctx = createExecutionContext();
  const response = await whatsappApp.request("/whatsapp/webhook", { method: "POST", body, headers }, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function getWebhook(env: AppEnv, query: string) {
  return whatsappApp.request(`/whatsapp/webhook?${query}`, { method: "GET" }, env);
}

/** Runs the app's inbox consumer on these messages, as the queue would. */
export async function deliverInbox(env: AppEnv, messages: InboxItem[], attempts = 1): Promise<QueueResult> {
  const batch = createMessageBatch(
    "whatsapp-inbox",
    messages.map((body, index) => ({ id: `q-${index}-${crypto.randomUUID()}`, body, timestamp: new Date(), attempts })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env as unknown as Env);
  return (await getQueueResult(batch, ctx)) as QueueResult;
}

/** Receives a message through the webhook and answers it through the consumer: what WhatsApp's user would see. */
export async function sendAndAnswer(env: AppEnv, queued: InboxItem[], input: MessageInput) {
  const before = queued.length;
  const response = await postWebhook(env, messagePayload(input));
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
  await deliverInbox(env, queued.slice(before));
}

export interface GraphRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  status: number;
  /** For an endless-media download: the bytes written before the reader stopped. */
  sent?: number;
}

export async function graphRequests(): Promise<GraphRequest[]> {
  return (await (await fetch(`${inject("fakeGraphUrl")}/__requests`)).json()) as GraphRequest[];
}

/** The texts delivered to `to` (the Graph API accepted them), in order. */
export async function textsTo(to: string): Promise<string[]> {
  return (await graphRequests())
    .filter(
      (request) =>
        request.status === 200 && request.method === "POST" && request.path.endsWith("/messages") && request.body?.to === to && request.body?.type === "text",
    )
    .map((request) => (request.body!.text as { body: string }).body);
}

export async function sentTo(to: string): Promise<GraphRequest[]> {
  return (await graphRequests()).filter((request) => request.body?.to === to);
}

/**
 * The fake Graph API's next `count` requests under this test's own scope fail (whatsappEnv's graphScope), so files
 * running side by side against the one fake never take each other's failures.
 */
export async function failGraph(scope: string, count: number, status = 500) {
  await fetch(`${inject("fakeGraphUrl")}/__fail`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ count, status, scope }),
  });
}

/** A scope of the fake Graph API for one test: pass it to whatsappEnv and failGraph. */
export function graphScope(): string {
  return crypto.randomUUID();
}

/** Media a user sent, stored in the fake; `linkHost` makes its download URL name another host (same port). */
export async function addGraphMedia(bytes: Uint8Array, mimeType: string, options: { linkHost?: string } = {}): Promise<string> {
  const query = options.linkHost ? `?linkHost=${encodeURIComponent(options.linkHost)}` : "";
  const response = await fetch(`${inject("fakeGraphUrl")}/__media${query}`, {
    method: "POST",
    headers: { "Content-Type": mimeType },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return ((await response.json()) as { id: string }).id;
}

/** A live code for `userId`, as the web dialog makes it (link-codes.ts), written directly. */
export async function linkCodeFor(userId: string, options: { code?: string; expiresAt?: number; model?: string } = {}) {
  const code = options.code ?? Array.from({ length: 8 }, () => "ABCDEFGHJKMNPQRSTVWXYZ23456789"[Math.floor(Math.random() * 30)]).join("");
  await appEnv.DB.prepare("INSERT INTO whatsapp_link_codes (code, user_id, phone, model, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    .bind(code, userId, "905321234567", options.model ?? null, options.expiresAt ?? Date.now() + 15 * 60 * 1000, Date.now())
    .run();
  return `LINK-${code.slice(0, 4)}-${code.slice(4)}`;
}

export async function linkNumber(userId: string, phone: string) {
  await appEnv.DB.prepare("INSERT INTO whatsapp_links (id, user_id, phone, verified_at, created_at) VALUES (?1, ?2, ?3, ?4, ?4)")
    .bind(crypto.randomUUID(), userId, phone, Date.now())
    .run();
}

/** The object of a WhatsApp number (app/.server/whatsapp/number-object.ts), the one the app reaches by the number. */
export function numberStub(phone: string) {
  const numbers = (testEnv as unknown as { WHATSAPP_NUMBER: DurableObjectNamespace }).WHATSAPP_NUMBER;
  return numbers.get(numbers.idFromName(phone));
}

/** Rows of the number's own object (messages, replies, failures), read inside it. */
export function numberRows<T = Record<string, unknown>>(phone: string, query: string, ...params: (string | number)[]): Promise<T[]> {
  return runInDurableObject(numberStub(phone), (_instance, state) => state.storage.sql.exec(query, ...params).toArray() as T[]);
}
