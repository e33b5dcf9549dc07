// Hardening item 10: a form action posted something that is not form data (JSON, no body, another type) answers 400
// with the translated "invalid request" message, through the page's URL and through Remix single fetch (`.data`),
// and a method the route does not take answers 405 with Allow. Before, each of these was a 500 (the parser's
// TypeError from request.formData(), or Remix's own refusal of an Origin it could not match).
import { describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { Client, decodeSingleFetch, localDeveloper, signedInClient } from "./auth-helpers";

/** Every form action of the app (pages and the resource routes their fetchers post to). */
const FORM_ACTIONS = [
  "/gallery",
  "/payment",
  "/payment/demo-checkout",
  "/settings/account",
  "/settings/login-connection",
  "/settings/my-plan",
  "/auth/forgot-password",
  "/auth/login",
  "/auth/reset-password",
  "/auth/sign-up",
  "/auth/verify-email",
  "/auth/oauth/google",
  "/auth/oauth/google/callback",
  "/dev/clock",
  "/api/chat/00000000-0000-4000-8000-00000000000a/feedback",
  "/api/threads/00000000-0000-4000-8000-00000000000b",
];

const BODIES: [string, RequestInit][] = [
  ["JSON", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "delete", email: "a@example.com" }) }],
  ["no body", {}],
  ["text/plain", { headers: { "Content-Type": "text/plain" }, body: "intent=delete" }],
];

/** The message of an error answer: the error body's `error.message` (docs/product.md §7), or a page action's `message` beside its code. */
async function messageOf(response: Response): Promise<unknown> {
  const text = await response.text();
  const body = (response.headers.get("Content-Type") ?? "").includes("text/x-script")
    ? (decodeSingleFetch(text) as { data?: unknown }).data
    : (JSON.parse(text) as unknown);
  const answer = body as { message?: unknown; error?: { message?: unknown } };
  return answer.error?.message ?? answer.message;
}

let user: Client | undefined;
/** Signed in, except on the auth pages, which send a signed-in visitor elsewhere, and /dev/*, which is local only. */
async function client(path = ""): Promise<Client> {
  if (path.startsWith("/auth/")) return new Client();
  if (path.startsWith("/dev/")) return localDeveloper();
  user ??= (await signedInClient()).client;
  return user;
}

describe("a form action posted something that is not a form", () => {
  const cases = FORM_ACTIONS.flatMap((path) => BODIES.map(([label, init]) => [path, label, init] as const));

  it.each(cases)("%s, %s: 400 with the translated message (single fetch)", async (path, _, init) => {
    const response = await (await client(path)).fetch(`${path}.data`, { method: "POST", ...init });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(en["request/invalid"]);
  });

  it.each(cases)("%s, %s: 400 at the page's own URL", async (path, _, init) => {
    const response = await (await client(path)).fetch(path, { method: "POST", ...init });
    expect(response.status).toBe(400);
    if (path.startsWith("/api/") || path.startsWith("/auth/oauth/")) expect(await messageOf(response)).toBe(en["request/invalid"]);
    else await response.body?.cancel();
  });

  it("says it in the person's language", async () => {
    const visitor = new Client();
    visitor.cookies.set("locale", "tr");
    const response = await visitor.fetch("/auth/login.data", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(tr["request/invalid"]);
  });
});

describe("a method the route does not take", () => {
  it.each([
    ["PUT", "/settings/account", "GET, HEAD, POST"],
    ["PUT", "/settings/account.data", "GET, HEAD, POST"],
    ["DELETE", "/auth/oauth/google", "GET, HEAD, POST"],
    ["PATCH", "/api/threads/00000000-0000-4000-8000-00000000000b", "POST"],
    ["GET", "/api/analytics", "POST"],
    ["POST", "/web-main", "GET, HEAD"],
  ])("%s %s: 405 with Allow: %s", async (method, path, allow) => {
    const response = await (await client()).fetch(path, { method, ...(method === "GET" ? {} : { body: new URLSearchParams({ intent: "x" }) }) });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(allow);
    await response.body?.cancel();
  });
});
