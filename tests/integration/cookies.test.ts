// Issue "hardening" items 8 and 9: the guest id cookie is `__Host-` over https like the session cookie, and a
// malformed cookie (bad percent-encoding) is ignored and cleared instead of failing every page and API with a 500.
import { describe, expect, it } from "vitest";
import { issueGuestId } from "../../app/.server/identity";
import { loadConfig } from "../../app/.server/env";
import { callWorker, Client } from "./auth-helpers";
import { credits, guest, sendTurn } from "./chat-helpers";
import { appEnv } from "./helpers";

const BAD = "%E0%A4%A";

/** The Set-Cookie line for `name`, if the response has one. */
function setCookieFor(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe("the guest id cookie", { timeout: 30_000 }, () => {
  it("is a __Host- cookie over https: Secure, Path=/, no Domain, and read back on the next request", async () => {
    const visitor = guest();
    const response = await visitor.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", message: "Hello" }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const line = setCookieFor(response, "__Host-guest_id");
    expect(line).toBeDefined();
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).not.toMatch(/Domain=/i);
    expect(setCookieFor(response, "guest_id")).toBeUndefined();

    // The same visitor again: the cookie is recognised (one credit spent, no new guest id).
    const second = await sendTurn(visitor, { message: "Again" });
    expect(second.status).toBe(200);
    expect(await credits(visitor)).toMatchObject({ plan: "guest", used: 2 });
    expect([...visitor.cookies.keys()]).toEqual(["__Host-guest_id"]);
  });

  it("is a plain guest_id cookie over http, where __Host- cookies cannot be set", async () => {
    const { setCookie } = await issueGuestId(new Request("http://localhost:8787/"), loadConfig(appEnv));
    expect(setCookie).toMatch(/^guest_id=/);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("ignores an unprefixed guest_id cookie over https (it could have been planted by a sibling host)", async () => {
    const planted = await issueGuestId(new Request("http://localhost:8787/"), loadConfig(appEnv));
    const visitor = guest();
    visitor.cookies.set("guest_id", planted.setCookie.split(";")[0]!.split("=").slice(1).join("="));
    const turn = await sendTurn(visitor, { message: "Whose am I" });
    expect(turn.status).toBe(200);
    // A new guest id of its own was issued.
    expect(visitor.cookies.has("__Host-guest_id")).toBe(true);
  });
});

describe("malformed cookies", { timeout: 30_000 }, () => {
  for (const name of ["locale", "theme", "__Host-guest_id", "guest_id"]) {
    it(`ignores and clears a malformed ${name} cookie on pages and APIs`, async () => {
      const visitor = new Client();
      visitor.cookies.set(name, BAD);

      const page = await callWorker(
        new Request("https://app.example/web-main", { headers: { Cookie: `${name}=${BAD}`, "CF-Connecting-IP": visitor.address } }),
      );
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="en"');
      const cleared = setCookieFor(page, name);
      expect(cleared).toMatch(/Max-Age=0/);
      if (name.startsWith("__Host-")) expect(cleared).toMatch(/; Secure/);

      const balance = await visitor.fetch("/api/credits");
      expect(balance.status).toBe(200);
      expect(await balance.json()).toMatchObject({ plan: "guest", used: 0, limit: 5 });
      // The Client dropped the cleared cookie; put it back for the chat API.
      visitor.cookies.set(name, BAD);
      const turn = await sendTurn(visitor.withEnv(guest().env), { message: "Still works" });
      expect(turn.status).toBe(200);
    });
  }

  it("keeps the good cookies next to a bad one", async () => {
    const page = await callWorker(new Request("https://app.example/web-main", { headers: { Cookie: `theme=dark; locale=${BAD}` } }));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="en"[^>]*class="dark"/);
    expect(setCookieFor(page, "locale")).toMatch(/Max-Age=0/);
    expect(setCookieFor(page, "theme")).toBeUndefined();
  });
});
