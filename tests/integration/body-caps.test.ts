// Request bodies are capped while they are read (SECURITY.md "Request bodies", decision 0014): a 12 MB body sent
// chunked, with no Content-Length to refuse it by, is stopped at the route's cap and answered 413 with the translated
// message; nothing is stored and the rest of the body is never pulled.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import { STRIPE_EVENT_MAX_BYTES } from "../../app/.server/billing/webhook";
import { MAX_UPLOAD_BYTES } from "../../app/.server/images/validate";
import { MAX_WEBHOOK_BYTES } from "../../app/.server/whatsapp/webhook";
import { app as whatsappApp } from "../../workers/whatsapp";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { callWorker, db, ORIGIN, signedInClient } from "./auth-helpers";
import { signature } from "./billing-helpers";
import { appEnv } from "./helpers";
import { uploadCount } from "./images-helpers";
import { signBody, whatsappEnv } from "./whatsapp-helpers";

const TWELVE_MB = 12 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A body of `total` bytes made only as it is read, so the test sees how much of it the server pulled. */
function chunkedBody(total = TWELVE_MB) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      const size = Math.min(CHUNK, total - pulled.bytes);
      pulled.bytes += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled };
}

describe("a 12 MB chunked body", () => {
  it("to the Stripe webhook is stopped at 512 KB and answered 413; no event is recorded", async () => {
    const events = await db.$count(schema.stripeEvents);
    const { stream, pulled } = chunkedBody();
    const request = new Request(`${ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": await signature("{}") },
      body: stream,
    });
    expect(request.headers.get("Content-Length")).toBeNull();
    const response = await callWorker(request);

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: "request/too-large", message: en["request/too-large"] } });
    expect(pulled.bytes).toBeLessThanOrEqual(STRIPE_EVENT_MAX_BYTES + 2 * CHUNK);
    expect(await db.$count(schema.stripeEvents)).toBe(events);
  });

  it("to the WhatsApp link API is answered 413 in the person's language; no code is made", async () => {
    const { env } = whatsappEnv();
    const { client, user } = await signedInClient();
    const linked = client.withEnv(env);
    linked.cookies.set("locale", "tr");
    const { stream, pulled } = chunkedBody();
    const response = await linked.fetch("/api/whatsapp/link", { method: "POST", headers: { "Content-Type": "application/json" }, body: stream });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: "request/too-large", message: tr["request/too-large"] } });
    expect(pulled.bytes).toBeLessThan(TWELVE_MB / 2);
    expect(await db.select().from(schema.whatsappLinkCodes).where(eq(schema.whatsappLinkCodes.userId, user.id))).toEqual([]);
  });

  it("to an image-only upload (a tool's photo field) is stopped at the image limit, not the documents' 20 MB; nothing is stored", async () => {
    const { client, user } = await signedInClient();
    client.cookies.set("locale", "tr");
    const { stream, pulled } = chunkedBody();
    const response = await client.fetch("/api/uploads?accept=image", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=photo" },
      body: stream,
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, error: { code: "upload/too-large", message: tr["upload/too-large"] } });
    // The image limit and the little a form adds around the file, and not a chunk more than that.
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * CHUNK);
    expect(await uploadCount(user.id)).toBe(0);
    expect((await appEnv.MEDIA.list({ prefix: `uploads/${user.id}/` })).objects).toEqual([]);
  });

  it("to the WhatsApp webhook worker is answered 413 before the signature is checked; nothing is queued", async () => {
    const { env, queued } = whatsappEnv();
    const { stream, pulled } = chunkedBody();
    const ctx = createExecutionContext();
    const response = await whatsappApp.request(
      "/whatsapp/webhook",
      { method: "POST", body: stream, headers: { "Content-Type": "application/json", "X-Hub-Signature-256": await signBody("{}") } },
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_WEBHOOK_BYTES + 2 * CHUNK);
    expect(queued).toEqual([]);
  });
});
