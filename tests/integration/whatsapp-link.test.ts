// Linking WhatsApp from the web (decision 0010): /api/whatsapp/link gives a signed-in user a one-time code
// inside a wa.me link (the number checked with libphonenumber-js, the code stored for 15 minutes, one live code per
// user, at most 10 an hour), shows a linked number masked, disconnects it, and refuses visitors, bad bodies, other
// methods and a server without WhatsApp settings. Deleting the account removes the link; the history marks WhatsApp.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findUser } from "../../app/.server/auth/accounts";
import { deleteAccount } from "../../app/.server/auth/profile";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { LINK_CODE_ALPHABET, LINK_CODE_TTL_MS, maskPhone } from "../../app/lib/whatsapp";
import enErrors from "../../locales/en/errors.json";
import en from "../../locales/en/whatsapp.json";
import trErrors from "../../locales/tr/errors.json";
import tr from "../../locales/tr/whatsapp.json";
import { Client, db, signedInClient } from "./auth-helpers";
import { storeThread } from "./chat-helpers";
import { deletionsEnv, runDeletions } from "./deletion-helpers";
import { appEnv } from "./helpers";

const WHATSAPP_VARS = {
  WHATSAPP_APP_SECRET: "test-secret",
  WHATSAPP_VERIFY_TOKEN: "verify",
  WHATSAPP_ACCESS_TOKEN: "token",
  WHATSAPP_PHONE_NUMBER_ID: "1234567890",
  WHATSAPP_BUSINESS_NUMBER: "+1 555 010 9999",
};
const configured = { ...appEnv, ...WHATSAPP_VARS } as AppEnv;
/** The same app with no WhatsApp settings at all. */
// The settings only: the numbers' Durable Object binding (WHATSAPP_NUMBER) is the worker's whatever its variables.
const unconfigured = Object.fromEntries(Object.entries(appEnv).filter(([name, value]) => !name.startsWith("WHATSAPP_") || typeof value !== "string")) as AppEnv;

const TURKISH_MOBILE = "905321234567";
const CODE = new RegExp(`^LINK-[${LINK_CODE_ALPHABET}]{4}-[${LINK_CODE_ALPHABET}]{4}$`);

type Answer = { ok: boolean; code?: string; url?: string; expiresAt?: number; error?: { code: string; message: string; fieldErrors?: Record<string, string> } };

async function signedIn(env: AppEnv = configured) {
  const { client, user } = await signedInClient();
  return { client: client.withEnv(env), user };
}

async function call(client: Client, method: string, body?: unknown, type = "application/json") {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = typeof body === "string" || body instanceof FormData ? body : JSON.stringify(body);
  if (body !== undefined && !(body instanceof FormData)) init.headers = { "Content-Type": type };
  const response = await client.fetch("/api/whatsapp/link", init);
  return { status: response.status, headers: response.headers, json: (await response.json()) as Answer & Record<string, unknown> };
}

const status = async (client: Client) => (await call(client, "GET")).json;
const codesOf = (userId: string) => db.select().from(schema.whatsappLinkCodes).where(eq(schema.whatsappLinkCodes.userId, userId));
const stored = (code: string) => code.replace(/^LINK-/, "").replace("-", "");

describe("GET /api/whatsapp/link", () => {
  it("tells a visitor the channel is there and they are not signed in", async () => {
    const answer = await call(new Client(undefined, configured), "GET");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.json).toEqual({ ok: true, configured: true, voiceRepliesOffered: false, signedIn: false, plan: "guest", country: null, link: null });
  });

  it("says when the server has no WhatsApp settings", async () => {
    const { client } = await signedIn(unconfigured);
    expect(await status(client)).toEqual({ ok: true, configured: false, voiceRepliesOffered: false, signedIn: true, plan: "free", country: null, link: null });
  });
});

describe("POST /api/whatsapp/link", () => {
  it("asks a visitor to sign in (401) and stores nothing", async () => {
    const answer = await call(new Client(undefined, configured), "POST", { country: "TR", phone: "532 123 45 67" });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ ok: false, error: { code: "auth/sign-in-required", message: enErrors["auth/sign-in-required"] } });
  });

  // The one error body (docs/product.md §7): the form's message is request/invalid's, each field says what is wrong.
  it("refuses an invalid number with the field's message in the person's language, and stores nothing", async () => {
    const { client, user } = await signedIn();
    const answer = await call(client, "POST", { country: "TR", phone: "599 123 45 67" });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      ok: false,
      error: { code: "request/invalid", message: enErrors["request/invalid"], fieldErrors: { phone: "Invalid phone number" } },
    });
    client.cookies.set("locale", "tr");
    const turkish = await call(client, "POST", { country: "TR", phone: "123" });
    expect(turkish.json.error).toMatchObject({ message: trErrors["request/invalid"], fieldErrors: { phone: tr.dialog.validation.invalidPhone } });
    expect(await codesOf(user.id)).toEqual([]);
  });

  it("asks for the country first", async () => {
    const { client, user } = await signedIn();
    for (const country of [undefined, "", "ZZ"]) {
      const answer = await call(client, "POST", { country, phone: "532 123 45 67" });
      expect(answer.status).toBe(400);
      expect(answer.json.error?.fieldErrors).toEqual({ country: "Select your country first" });
    }
    expect(await codesOf(user.id)).toEqual([]);
  });

  it("stores a 15-minute code for the number and answers the wa.me link carrying it", async () => {
    const { client, user } = await signedIn();
    const before = Date.now();
    const answer = await call(client, "POST", { country: "TR", phone: "0532 123 45 67", model: "gpt-4o-mini" });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ ok: true, code: expect.stringMatching(CODE), url: expect.any(String), expiresAt: expect.any(Number) });
    const { code, url, expiresAt } = answer.json as Required<Answer>;
    expect(url.startsWith("https://wa.me/15550109999?text=")).toBe(true);
    const text = decodeURIComponent(url.split("?text=")[1]!);
    expect(text).toContain(code);
    expect(text).toBe(en.dialog.prefilled.replace("{{brand}}", "Nova Assistant").replace("{{code}}", code));

    const rows = await codesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: stored(code), phone: TURKISH_MOBILE, model: "gpt-4o-mini", usedAt: null, expiresAt });
    expect(expiresAt - before).toBeGreaterThanOrEqual(LINK_CODE_TTL_MS);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(LINK_CODE_TTL_MS);
  });

  it("accepts form data, writes the message in Turkish for a Turkish interface, and keeps unknown models out", async () => {
    const { client, user } = await signedIn();
    client.cookies.set("locale", "tr");
    const form = new FormData();
    form.set("country", "gb");
    form.set("phone", "+44 7911 123456");
    form.set("model", "not-a-model");
    const answer = await call(client, "POST", form);
    expect(answer.status).toBe(201);
    expect(decodeURIComponent(answer.json.url!.split("?text=")[1]!)).toContain("Lütfen bu WhatsApp numarasını hesabıma bağlayın");
    expect(await codesOf(user.id)).toEqual([expect.objectContaining({ phone: "447911123456", model: null })]);
  });

  it("keeps one live code per user: a new code replaces the unused one", async () => {
    const { client, user } = await signedIn();
    const first = (await call(client, "POST", { country: "TR", phone: "532 123 45 67" })).json.code!;
    const second = (await call(client, "POST", { country: "TR", phone: "532 123 45 68" })).json.code!;
    expect(second).not.toBe(first);
    const rows = await codesOf(user.id);
    expect(rows.map((row) => row.code)).toEqual([stored(second)]);
    expect(rows[0]!.phone).toBe("905321234568");
  });

  it("makes at most 10 codes per user per hour", async () => {
    const { client } = await signedIn();
    for (let index = 0; index < 10; index++) expect((await call(client, "POST", { country: "TR", phone: "532 123 45 67" })).status).toBe(201);
    const refused = await call(client, "POST", { country: "TR", phone: "532 123 45 67" });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe("auth/too-many-requests");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("answers 503 whatsapp/not-configured on a server without WhatsApp settings", async () => {
    const { client, user } = await signedIn(unconfigured);
    const answer = await call(client, "POST", { country: "TR", phone: "532 123 45 67" });
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ ok: false, error: { code: "whatsapp/not-configured", message: enErrors["whatsapp/not-configured"] } });
    expect(await codesOf(user.id)).toEqual([]);
  });

  it("answers 400, never a 5xx, for a body that is not a form", async () => {
    const { client } = await signedIn();
    const bodies: [unknown, string?][] = [
      ["{not json", "application/json"],
      ["[1,2]", "application/json"],
      ["null", "application/json"],
      ["plain words", "text/plain"],
      ["", "application/json"],
    ];
    for (const [body, type] of bodies) {
      const answer = await call(client, "POST", body, type);
      expect(answer.status, String(body)).toBe(400);
      expect(answer.json.error?.code).toBe("request/invalid");
    }
    const wrongTypes = await call(client, "POST", { country: 90, phone: 5321234567, model: ["x"] });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.json.error?.fieldErrors ?? {}).sort()).toEqual(["country", "model", "phone"]);
  });
});

describe("the linked number", () => {
  it("shows masked in the status and in Settings, and DELETE disconnects it", async () => {
    const { client, user } = await signedIn();
    await db.insert(schema.whatsappLinks).values({ id: crypto.randomUUID(), userId: user.id, phone: TURKISH_MOBILE, verifiedAt: 1_700_000_000_000 });
    const linked = await call(client, "GET");
    expect(linked.json.link).toEqual({ maskedPhone: maskPhone(TURKISH_MOBILE), linkedAt: 1_700_000_000_000, voiceReplies: false });
    expect(maskPhone(TURKISH_MOBILE).endsWith("4567")).toBe(true);
    expect(JSON.stringify(linked.json)).not.toContain(TURKISH_MOBILE);
    const settings = await client.loaderData("/settings/login-connection", "routes/_main.settings.login-connection");
    expect(settings.data?.whatsapp).toEqual({
      configured: true,
      voiceRepliesOffered: false,
      plan: "free",
      link: { maskedPhone: maskPhone(TURKISH_MOBILE), linkedAt: 1_700_000_000_000, voiceReplies: false },
      repliesPaused: false,
    });

    const removed = await call(client, "DELETE");
    expect(removed).toMatchObject({ status: 200, json: { ok: true } });
    expect(await db.select().from(schema.whatsappLinks).where(eq(schema.whatsappLinks.userId, user.id))).toEqual([]);
    expect((await status(client)).link).toBeNull();
  });

  it("refuses a visitor's DELETE and other methods (405 with Allow)", async () => {
    expect((await call(new Client(undefined, configured), "DELETE")).status).toBe(401);
    const { client } = await signedIn();
    for (const method of ["PUT", "PATCH"]) {
      const answer = await call(client, method, { country: "TR", phone: "532 123 45 67" });
      expect(answer.status).toBe(405);
      expect(answer.headers.get("Allow")).toBe("GET, HEAD, POST, DELETE");
      expect(answer.json.error?.code).toBe("request/method-not-allowed");
    }
  });

  it("goes with the account, and so do the user's codes", async () => {
    const { client, user } = await signedIn();
    await call(client, "POST", { country: "TR", phone: "532 123 45 67" });
    await db.insert(schema.whatsappLinks).values({ id: crypto.randomUUID(), userId: user.id, phone: "905329876543" });
    const { env, sent } = deletionsEnv();
    await deleteAccount(env, (await findUser(appEnv, user.id))!);
    await runDeletions(env, sent);
    expect(await db.select().from(schema.whatsappLinks).where(eq(schema.whatsappLinks.userId, user.id))).toEqual([]);
    expect(await codesOf(user.id)).toEqual([]);
  });
});

describe("the web history", () => {
  it("carries each thread's channel, in pages and in search", async () => {
    const { client, user } = await signedIn();
    const title = `Kahvaltı ${crypto.randomUUID().slice(0, 8)}`;
    await storeThread(user.id, { id: crypto.randomUUID(), title, channel: "whatsapp" });
    await storeThread(user.id, { id: crypto.randomUUID(), title: `${title} web` });
    const page = (await (await client.fetch("/api/threads")).json()) as { threads: { title: string; channel: string }[] };
    expect(Object.fromEntries(page.threads.map((thread) => [thread.title, thread.channel]))).toEqual({ [title]: "whatsapp", [`${title} web`]: "web" });
    const found = (await (await client.fetch(`/api/threads?q=${encodeURIComponent(title)}`)).json()) as typeof page;
    expect(found.threads.find((thread) => thread.title === title)?.channel).toBe("whatsapp");
  });
});
