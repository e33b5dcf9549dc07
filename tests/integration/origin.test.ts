// Links and return URLs never follow the request's Host header (hardening item 5): production requires
// APP_ORIGIN (tests/unit/env.test.ts), e-mail links are built on it, and the demo checkout hands its signed events
// to the app's own webhook handler in process instead of posting them to "our origin" taken from Host.
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { callWorker, createUser, latestEmail, signedInClient } from "./auth-helpers";
import { accessLevel } from "./billing-helpers";
import { appEnv } from "./helpers";

const FORGED = "https://evil.example";

/** A POST to a route action as a browser on a forged host would send it (Remix compares Origin with Host). */
function forgedPost(path: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`${FORGED}${path}.data`, {
    method: "POST",
    body,
    headers: { Origin: FORGED, Host: new URL(FORGED).host, "CF-Connecting-IP": "203.0.113.77", ...extra },
    redirect: "manual",
  });
}

describe("absolute URLs come from configuration", () => {
  it("builds the reset link on APP_ORIGIN even when the request's Host is forged", async () => {
    const user = await createUser();
    const env = { ...appEnv, APP_ORIGIN: "https://app.example" } as AppEnv;
    const response = await callWorker(forgedPost("/auth/forgot-password", { email: user.email }), env);
    expect(response.status).toBeLessThan(400);
    const { link } = await latestEmail(user.email);
    expect(link).toMatch(/^https:\/\/app\.example\/auth\/reset-password\?token=/);
  });

  it("completes a demo checkout reached through a forged Host without sending anything to that host", async () => {
    const { client, user } = await signedInClient();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await callWorker(forgedPost("/payment/demo-checkout", { period: "week" }, { Cookie: cookie }));
    expect(response.status).toBeLessThan(400);
    expect(await accessLevel(user.id)).toBe("pro");
  });
});
