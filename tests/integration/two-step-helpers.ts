// Helpers for the two-step tests (decision 0028): Settings' /api/two-step, an account with two-step sign-in on, and the
// two steps of a password sign-in in a new browser.
import { expect } from "vitest";
import { Client, signedInClient } from "./auth-helpers";
import { totpCode } from "./webauthn-helpers";

export type Account = Awaited<ReturnType<typeof signedInClient>>;

export async function twoStep(client: Client, fields: Record<string, string>) {
  const response = await client.fetch("/api/two-step", { method: "POST", body: new URLSearchParams(fields) });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as Record<string, unknown> };
}

/**
 * Turns two-step sign-in on with the app's first code. That code is for the step before now, so the tests' own "now"
 * code is still unused. The server takes a code of its step or the one either side: a request slowed past a step's end
 * finds that code two steps old, so a refused one is made again once, from the new "now" (a code that is wrong for
 * another reason is refused again).
 */
export async function enableTwoStep(client: Client, key: string) {
  const enable = () => twoStep(client, { intent: "enable", code: totpCode(key, Date.now() - 30_000) });
  const first = await enable();
  return first.status === 401 ? enable() : first;
}

/** A signed-in account with two-step sign-in on: its key (as Settings showed it) and its ten recovery codes. */
export async function accountWithTwoStep(): Promise<Account & { key: string; recoveryCodes: string[] }> {
  const account = await signedInClient();
  const setup = await twoStep(account.client, { intent: "setup" });
  expect(setup.status).toBe(200);
  const key = setup.body.manualKey as string;
  const enabled = await enableTwoStep(account.client, key);
  expect(enabled.status).toBe(200);
  return { ...account, key, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** The password step in a new browser: where it goes, and the browser. */
export async function firstStep(account: Account, redirectTo = "/gallery") {
  const browser = new Client();
  const result = await browser.action("/auth/login", { email: account.user.email, password: account.user.password, redirectTo });
  return { browser, result };
}

export function secondStep(browser: Client, code: string) {
  return browser.action("/auth/two-step", { code, redirectTo: "/gallery" });
}
