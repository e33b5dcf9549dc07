// Account mails a visitor can ask for (decision 0020): forgot-password and the activation mail again are limited per
// network address and per account, every refusal a 429 with Retry-After and the translated message, and the limits
// tell nobody whether an address has an account (SECURITY.md "Passwords and sign-in").
import { describe, expect, it } from "vitest";
import { THROTTLE } from "../../app/.server/auth/policy";
import type { ErrorBody } from "../../app/lib/error-body";
import { Client, createUser, decodeSingleFetch, emailCount, uniqueEmail } from "./auth-helpers";

interface Answer {
  status: number;
  retryAfter: number;
  data: { ok: true } | ErrorBody;
}

/** Posts a form the way the page does and keeps what a person (or an attacker) sees: status, Retry-After, answer. */
async function post(client: Client, path: string, fields: Record<string, string>): Promise<Answer> {
  const response = await client.fetch(`${path}.data`, { method: "POST", body: new URLSearchParams(fields) });
  const decoded = decodeSingleFetch(await response.text()) as { data: Answer["data"] };
  return { status: response.status, retryAfter: Number(response.headers.get("Retry-After")), data: decoded.data };
}

function expectRefused(answer: Answer | undefined, windowMs: number) {
  expect(answer?.status).toBe(429);
  expect(answer!.data).toMatchObject({ ok: false, error: { code: "auth/too-many-requests" } });
  // The translated message names the wait (errors:auth/too-many-requests_wait), never a bare "try again".
  expect(answer!.data.ok === false && answer!.data.error.message).toMatch(/^Too many attempts\. Try again in \d+ (minutes?|hours?)\.$/);
  expect(answer!.retryAfter).toBeGreaterThan(0);
  expect(answer!.retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe("forgot password", () => {
  it("from one address: the requests past the limit are refused with Retry-After, for known and unknown accounts alike", async () => {
    const { limit, windowMs } = THROTTLE.accountEmailsPerAddress;
    const client = new Client();
    const known = await Promise.all(Array.from({ length: 2 }, () => createUser()));
    const emails = [...known.map((user) => user.email), ...Array.from({ length: limit - 2 }, () => uniqueEmail("nobody"))];
    for (const email of emails) expect((await post(client, "/auth/forgot-password", { email })).status).toBe(200);
    const refusedKnown = await post(client, "/auth/forgot-password", { email: (await createUser()).email });
    const refusedUnknown = await post(client, "/auth/forgot-password", { email: uniqueEmail("nobody") });
    expectRefused(refusedKnown, windowMs);
    expectRefused(refusedUnknown, windowMs);
    // The same answer for a known and an unknown account; the wait is counted down between the two requests, so a second
    // may pass between them on a busy machine.
    const waitOf = (refused: { data: unknown }) =>
      Number((refused.data as { error: { details: { retryAfterSeconds: string } } }).error.details.retryAfterSeconds);
    expect(Math.abs(waitOf(refusedUnknown) - waitOf(refusedKnown))).toBeLessThanOrEqual(1);
    expect({ ...(refusedUnknown.data as object), error: { ...(refusedUnknown.data as { error: object }).error, details: null } }).toEqual({
      ...(refusedKnown.data as object),
      error: { ...(refusedKnown.data as { error: object }).error, details: null },
    });
    // Another address is not held up.
    expect((await post(new Client(), "/auth/forgot-password", { email: known[0]!.email })).status).toBe(200);
  });

  it("for one account from many addresses: refused past the limit with Retry-After, and an unknown address the same way", async () => {
    const { limit, windowMs } = THROTTLE.emailsPerAccount;
    const user = await createUser();
    const ghost = uniqueEmail("ghost");
    for (let index = 0; index < limit; index++) {
      expect((await post(new Client(), "/auth/forgot-password", { email: user.email })).status).toBe(200);
      expect((await post(new Client(), "/auth/forgot-password", { email: ghost })).status).toBe(200);
    }
    const refused = await post(new Client(), "/auth/forgot-password", { email: user.email.toUpperCase() });
    expectRefused(refused, windowMs);
    // The address nobody has is refused the same way (the wait may differ by the second the two were counted in).
    expectRefused(await post(new Client(), "/auth/forgot-password", { email: ghost }), windowMs);
    expect(await emailCount(user.email)).toBe(limit);
  });
});

describe("the activation mail again", () => {
  it("from one address across many accounts: refused past the limit with Retry-After", async () => {
    const { limit, windowMs } = THROTTLE.accountEmailsPerAddress;
    const client = new Client();
    const users = await Promise.all(Array.from({ length: limit + 1 }, () => createUser({ verified: false })));
    const answers: Answer[] = [];
    for (const user of users) answers.push(await post(client, "/auth/login", { email: user.email, password: user.password, intent: "resend-verification" }));
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(200));
    expectRefused(answers[limit], windowMs);
    expect(await emailCount(users[limit]!.email)).toBe(0);
  });

  it("for one account: refused past the limit with Retry-After, from the sign-up screen and the sign-in form alike", async () => {
    const { limit, windowMs } = THROTTLE.emailsPerAccount;
    const email = uniqueEmail("resend");
    const password = "resend-pass-47";
    const browser = new Client();
    expect((await post(browser, "/auth/sign-up", { displayName: "Resender", email, password, confirmPassword: password })).status).toBe(200);
    // The sign-up sent the first mail; the sign-up screen asks again (its cookie) until the account's limit.
    for (let index = 1; index < limit; index++) expect((await post(browser, "/auth/sign-up", { intent: "resend-verification" })).status).toBe(200);
    expectRefused(await post(browser, "/auth/sign-up", { intent: "resend-verification" }), windowMs);
    expectRefused(await post(new Client(), "/auth/login", { email, password, intent: "resend-verification" }), windowMs);
    expect(await emailCount(email)).toBe(limit);
  });
});
