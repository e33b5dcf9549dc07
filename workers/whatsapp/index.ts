// WhatsApp Cloud API webhook worker (Hono). The app forwards /whatsapp/* here through a service binding. It only
// receives: checks Meta's signature and queues what the delivery holds; the app's queue consumer records each wamid
// once and answers (app/.server/whatsapp/inbox.ts), so Meta gets its 200 at once and never retries because an
// answer was slow.
import { Hono } from "hono";
import { isAppError } from "../../app/.server/errors";
import { readBytes } from "../../app/.server/http/request";
import { loadWhatsAppConfig, WhatsAppConfigError } from "../../app/.server/whatsapp/config";
import type { InboxQueue } from "../../app/.server/whatsapp/inbox-message";
import { enqueueDelivery, MAX_WEBHOOK_BYTES, readWebhook, sameSecret, verifySignature } from "../../app/.server/whatsapp/webhook";

export interface WhatsAppEnv {
  DB: D1Database;
  WHATSAPP_INBOX: InboxQueue;
  APP_ENV?: string;
  [variable: string]: unknown;
}

const NOT_CONFIGURED = "WhatsApp is not configured on this server (WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are needed).";

export const app = new Hono<{ Bindings: WhatsAppEnv }>().basePath("/whatsapp");

app.onError((error, c) => {
  if (error instanceof WhatsAppConfigError) {
    console.error(error.message);
    return c.text("The server is not configured correctly. The operator has been told.", 500);
  }
  console.error("whatsapp: unexpected error", error);
  return c.text("Something went wrong", 500);
});

app.get("/health", async (c) => {
  // A real query, so "healthy" means the shared database answers too.
  const row = await c.env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1, service: "whatsapp" });
});

// Meta's subscription check: the challenge is echoed only to someone who knows the verify token.
app.get("/webhook", async (c) => {
  const { whatsapp } = loadWhatsAppConfig(c.env);
  if (!whatsapp.receiving || !whatsapp.verifyToken) return c.text(NOT_CONFIGURED, 503);
  const mode = c.req.query("hub.mode");
  const challenge = c.req.query("hub.challenge");
  const tokenMatches = await sameSecret(whatsapp.verifyToken, c.req.query("hub.verify_token"));
  if (mode !== "subscribe" || !tokenMatches || !challenge) return c.text("Forbidden", 403);
  return c.text(challenge, 200, { "Content-Type": "text/plain; charset=utf-8" });
});

app.post("/webhook", async (c) => {
  const { whatsapp } = loadWhatsAppConfig(c.env);
  if (!whatsapp.receiving || !whatsapp.appSecret) return c.text(NOT_CONFIGURED, 503);
  // The app's one body reader: a chunked delivery is counted as it arrives and stopped at the cap.
  const raw = await readBytes(c.req.raw, { maxBytes: MAX_WEBHOOK_BYTES }).catch((error: unknown) => {
    if (isAppError(error) && error.status === 413) return null;
    throw error;
  });
  if (!raw) return c.text("Payload too large", 413);
  // Nothing is read, stored or sent before the signature holds.
  if (!(await verifySignature(whatsapp.appSecret, raw.buffer, c.req.header("X-Hub-Signature-256")))) return c.text("Invalid signature", 401);

  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    console.warn("whatsapp: signed delivery is not JSON; acknowledged and dropped");
    return c.text("OK", 200);
  }
  const contents = readWebhook(body, whatsapp.phoneNumberId, new URL(c.req.url).origin);
  if (contents.skipped.length > 0) console.warn("whatsapp: skipped", contents.skipped.join("; "));
  // A malformed payload is acknowledged (Meta would retry it for days); a failure to queue a good one is not,
  // so Meta delivers it again.
  await enqueueDelivery(c.env, contents);
  return c.text("OK", 200);
});

export default app;
