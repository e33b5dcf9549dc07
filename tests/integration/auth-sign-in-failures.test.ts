// docs/product.md §4's sign-in state failures: when an accepted sign-in cannot start its session, every path says
// "Authentication failed" (tr: "Kimlik doğrulama başarısız oldu") and leaves the person signed out, instead of
// "Unknown error"; Google and Apple are in auth-oidc.test.ts, the profile that cannot be loaded in auth-accounts.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { appEnv } from "./helpers";
import { Client, createUser, failingOperations, latestEmail, sessionsOf } from "./auth-helpers";

const noSessions = () => failingOperations(appEnv, "auth.startSession");
const MESSAGES = { en: "Authentication failed", tr: "Kimlik doğrulama başarısız oldu" } as const;

/** A browser whose pages are in `language`, talking to a worker that cannot start sessions. */
function browserIn(language: "en" | "tr"): Client {
  const client = new Client(undefined, noSessions());
  client.cookies.set("locale", language);
  return client;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a sign-in whose session cannot be started", () => {
  for (const language of ["en", "tr"] as const) {
    it(`by password answers 'Authentication failed' (${language}) and signs nobody in`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const user = await createUser();
      const browser = browserIn(language);
      const result = await browser.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
      expect(result).toMatchObject({ status: 401, data: { ok: false, error: { code: "auth/authentication-failed", message: MESSAGES[language] } } });
      expect(browser.sessionToken()).toBeUndefined();
      expect(await sessionsOf(user.id)).toHaveLength(0);
    });

    it(`by e-mail link answers 'Authentication failed' (${language}) and signs nobody in`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const user = await createUser();
      await new Client().action("/auth/email-link", { email: user.email, redirectTo: "/web-main" });
      const token = new URL(`https://x${(await latestEmail(user.email)).path}`).searchParams.get("token")!;
      const browser = browserIn(language);
      const result = await browser.action("/auth/email-link", { intent: "use-link", token, redirectTo: "/web-main" });
      expect(result).toMatchObject({ status: 401, data: { ok: false, error: { code: "auth/authentication-failed", message: MESSAGES[language] } } });
      expect(browser.sessionToken()).toBeUndefined();
      expect(await sessionsOf(user.id)).toHaveLength(0);
    });
  }
});
