// Proving a mailbox (decision 0005 "A proven mailbox", decision 0020), through the real worker: a proof on an account nobody had verified
// drops the password chosen before it and ends the account's sessions (decision 0005); a verification link verifies
// only when its button is pressed; the sign-in link names its account and moves guest data only in the browser that
// asked for it (decision 0020); and no mail to a possibly unverified address carries the attacker-chosen display name.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "../../app/.server/auth/session";
import { schema } from "../../app/.server/db";
import { loadConfig } from "../../app/.server/env";
import { issueGuestId } from "../../app/.server/identity";
import { maskEmail } from "../../app/lib/auth";
import { appEnv, uniqueId } from "./helpers";
import { storeThread, threadRow } from "./chat-helpers";
import { Client, connectionsOf, createUser, db, findUserRow, latestEmail, ORIGIN, sessionsOf, uniqueEmail } from "./auth-helpers";

const SQUATTER_PASSWORD = "squat-pass-91";

/** Someone signs up first with another person's address and a password of their own choosing. */
async function squat(email: string) {
  const squatter = new Client();
  const signUp = await squatter.action("/auth/sign-up", {
    displayName: "Squatter",
    email,
    password: SQUATTER_PASSWORD,
    confirmPassword: SQUATTER_PASSWORD,
  });
  expect(signUp.data).toMatchObject({ ok: true });
  const account = (await db.query.users.findFirst({ where: eq(schema.users.email, email) }))!;
  // A session the squatter holds on the account. The forms make none while the address is unverified, but one that
  // exists for any reason must not outlive the owner's proof (it would turn live the moment the address is verified).
  const { setCookie } = await createSession(appEnv, new Request(`${ORIGIN}/`), account.id);
  const [name, ...value] = setCookie.split(";")[0]!.split("=");
  squatter.cookies.set(name!, value.join("="));
  return { squatter, account };
}

function tokenOf(path: string): string {
  return new URL(`https://x${path}`).searchParams.get("token")!;
}

/** A visitor's browser with a guest id and one guest chat. */
async function visitorWithChat() {
  const visitor = new Client();
  const { guestId, setCookie } = await issueGuestId(new Request(`${ORIGIN}/`), loadConfig(appEnv));
  const [name, ...value] = setCookie.split(";")[0]!.split("=");
  visitor.cookies.set(name!, value.join("="));
  const threadId = uniqueId("thread");
  await storeThread(guestId, { id: threadId, title: "Guest question" });
  return { visitor, guestId, threadId };
}

/** Whose the thread is: the owner recorded by the one of these accounts' objects that holds it. */
async function threadOwner(threadId: string, accountIds: string[]) {
  const holders = (await Promise.all(accountIds.map((accountId) => threadRow(accountId, threadId)))).filter((row) => row !== undefined);
  expect(holders).toHaveLength(1);
  return holders[0]!.ownerId;
}

describe("a proven mailbox on an account nobody had verified (item 2)", () => {
  it("the owner's sign-in link drops the squatter's password and ends the squatter's session", async () => {
    const email = uniqueEmail("victim");
    const { squatter, account } = await squat(email);

    const owner = new Client();
    await owner.action("/auth/email-link", { email });
    const { path } = await latestEmail(email);
    const used = await owner.action("/auth/email-link", { intent: "use-link", token: tokenOf(path!) });
    expect(used.redirect).toBe("/web-main");
    expect((await owner.get("/api/user/profile")).status).toBe(200);

    // The password chosen before the mailbox was proven no longer signs in, and the squatter's session is over.
    expect(await new Client().action("/auth/login", { email, password: SQUATTER_PASSWORD })).toMatchObject({
      status: 401,
      data: { error: { code: "auth/invalid-credential" } },
    });
    expect((await squatter.get("/api/user/profile")).status).toBe(401);
    expect(await sessionsOf(account.id)).toHaveLength(1);
    const row = (await findUserRow(account.id))!;
    expect(row).toMatchObject({ emailVerified: true, passwordHash: null });
    // The unproven e-mail+password connection went with its password; the owner can add a password in Settings.
    expect(await connectionsOf(account.id)).toEqual([]);
  });

  it("a password reset on such an account keeps only the owner's new password and ends every session", async () => {
    const email = uniqueEmail("victim");
    const { squatter, account } = await squat(email);
    await new Client().action("/auth/forgot-password", { email });
    const owner = new Client();
    await owner.get((await latestEmail(email)).path!);
    expect((await owner.action("/auth/reset-password", { password: "owners-pass-73", confirmPassword: "owners-pass-73" })).redirect).toBe(
      "/auth/login?notice=password-reset",
    );
    expect((await squatter.get("/api/user/profile")).status).toBe(401);
    expect(await sessionsOf(account.id)).toHaveLength(0);
    expect((await new Client().action("/auth/login", { email, password: SQUATTER_PASSWORD })).data).toMatchObject({
      error: { code: "auth/invalid-credential" },
    });
    expect((await new Client().action("/auth/login", { email, password: "owners-pass-73" })).redirect).toBe("/web-main");
    expect((await connectionsOf(account.id)).map((row) => [row.provider, row.verified])).toEqual([["email", true]]);
  });

  it("a sign-in link on an account whose address was already verified changes nothing else", async () => {
    const user = await createUser();
    const other = new Client();
    await other.action("/auth/login", { email: user.email, password: user.password });
    await new Client().action("/auth/email-link", { email: user.email });
    const browser = new Client();
    expect((await browser.action("/auth/email-link", { intent: "use-link", token: tokenOf((await latestEmail(user.email)).path!) })).redirect).toBe(
      "/web-main",
    );
    expect((await other.get("/api/user/profile")).status).toBe(200);
    expect((await new Client().action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");
  });
});

describe("verification takes a press (item 3)", () => {
  it("opening the link (GET, HEAD, a scanner) verifies nothing; the Verify button does, once", async () => {
    const email = uniqueEmail("verify");
    const person = new Client();
    await person.action("/auth/sign-up", { displayName: "Verifier", email, password: "verify-pass-58", confirmPassword: "verify-pass-58" });
    const { path } = await latestEmail(email);
    const account = (await db.query.users.findFirst({ where: eq(schema.users.email, email) }))!;

    const scanner = new Client();
    const page = await scanner.get(path!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(maskEmail(email));
    expect(html).not.toContain(email);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Verify<\/button>/);
    expect((await scanner.fetch(path!, { method: "HEAD" })).status).toBe(200);
    expect((await scanner.loaderData(path!, "routes/auth.verify-email")).data).toMatchObject({ maskedEmail: maskEmail(email) });
    expect((await findUserRow(account.id))!.emailVerified).toBe(false);
    expect(await (await person.get(path!)).text()).toContain(maskEmail(email));

    const pressed = await person.action("/auth/verify-email", { token: tokenOf(path!) });
    expect(pressed.redirect).toBe("/auth/login?notice=verified");
    expect((await findUserRow(account.id))!.emailVerified).toBe(true);
    // The password chosen at sign-up is the one this proof confirms: it still signs in.
    expect((await person.action("/auth/login", { email, password: "verify-pass-58" })).redirect).toBe("/web-main");
    expect(await (await new Client().get(path!)).text()).toContain("This link is invalid or has already been used.");
    expect((await new Client().action("/auth/verify-email", { token: tokenOf(path!) })).data).toMatchObject({
      ok: false,
      error: { code: "auth/invalid-action-code" },
    });
  });

  it("shows the failure text for a made-up or missing token, and the Turkish page says Doğrula", async () => {
    const browser = new Client();
    expect(await (await browser.get(`/auth/verify-email?token=${"x".repeat(43)}`)).text()).toContain("This link is invalid or has already been used.");
    expect(await (await browser.get("/auth/verify-email")).text()).toContain("This link is invalid or has already been used.");
    expect((await browser.action("/auth/verify-email", {})).data).toMatchObject({ ok: false, error: { code: "auth/invalid-action-code" } });

    const email = uniqueEmail("dogrula");
    const turkish = new Client();
    turkish.cookies.set("locale", "tr");
    await turkish.action("/auth/sign-up", { displayName: "Ayşe", email, password: "dogrula-pass-58", confirmPassword: "dogrula-pass-58" });
    expect(await (await turkish.get((await latestEmail(email)).path!)).text()).toMatch(/<button[^>]*>Doğrula<\/button>/);
  });
});

describe("the sign-in link names its account and moves guest data only where it was asked for (item 4)", () => {
  it("shows the account's address, masked", async () => {
    const user = await createUser();
    await new Client().action("/auth/email-link", { email: user.email });
    const html = await (await new Client().get((await latestEmail(user.email)).path!)).text();
    expect(html).toContain(maskEmail(user.email));
    expect(html).not.toContain(user.email);
  });

  it("used in the browser that asked for it, that browser's guest chats move into the account", async () => {
    const user = await createUser();
    const { visitor, guestId, threadId } = await visitorWithChat();
    await visitor.action("/auth/email-link", { email: user.email });
    const used = await visitor.action("/auth/email-link", { intent: "use-link", token: tokenOf((await latestEmail(user.email)).path!) });
    expect(used.redirect).toBe("/web-main");
    expect(await threadOwner(threadId, [guestId, user.id])).toBe(user.id);
  });

  it("used in another browser, it signs in there but nothing moves from either browser", async () => {
    const user = await createUser();
    const asking = await visitorWithChat();
    await asking.visitor.action("/auth/email-link", { email: user.email });
    const path = (await latestEmail(user.email)).path!;

    const other = await visitorWithChat();
    expect(await (await other.visitor.get(path)).text()).toContain("This link was asked for in another browser");
    const used = await other.visitor.action("/auth/email-link", { intent: "use-link", token: tokenOf(path) });
    expect(used.redirect).toBe("/web-main");
    expect((await other.visitor.get("/api/user/profile")).status).toBe(200);
    expect(await threadOwner(other.threadId, [other.guestId, user.id])).toBe(other.guestId);
    expect(await threadOwner(asking.threadId, [asking.guestId, user.id])).toBe(asking.guestId);
  });
});

describe("no attacker-chosen text in mail to an unverified address (item 14)", () => {
  it("leaves the display name out of the verification, sign-in link and reset mails", async () => {
    const email = uniqueEmail("named");
    const displayName = "<b>Win</b> https://evil.example/x";
    const client = new Client();
    expect((await client.action("/auth/sign-up", { displayName, email, password: "named-pass-64", confirmPassword: "named-pass-64" })).data).toMatchObject({
      ok: true,
    });
    const mails = [(await latestEmail(email)).row!];
    await new Client().action("/auth/email-link", { email });
    mails.push((await latestEmail(email)).row!);
    await new Client().action("/auth/forgot-password", { email });
    mails.push((await latestEmail(email)).row!);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringContaining("Verify your email"),
      expect.stringContaining("sign-in link"),
      expect.stringContaining("Reset your"),
    ]);
    for (const mail of mails) {
      for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("Win");
      }
      expect(mail.textBody.startsWith("Hello,\n")).toBe(true);
    }
  });
});
