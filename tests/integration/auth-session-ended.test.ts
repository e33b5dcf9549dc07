// An open tab whose session ended elsewhere (decision 0020): the next page load says so once (docs/product.md §8), removes the
// dead cookie and shows the visitor's page, rather than silently turning the person into a visitor.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../../app/.server/db";
import { db, endSessionsOf, signedInClient, syncProfile, updateSessionsOf } from "./auth-helpers";

async function rootData(client: Awaited<ReturnType<typeof signedInClient>>["client"]) {
  const response = await client.loaderData("/web-main", "root");
  return response.data as { user: { id: string } | null; authError: string | null };
}

describe("a session that ended elsewhere", () => {
  it("revoked: the page says the session expired, once, and the cookie is removed", async () => {
    const { client, user } = await signedInClient();
    expect((await rootData(client)).user?.id).toBe(user.id);
    await endSessionsOf(user.id);

    const response = await client.fetch("/web-main");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => /session=;.*Max-Age=0/i.test(line))).toBe(true);
    expect(client.sessionToken()).toBeUndefined();
    // The cookie is gone, so the next load is simply a visitor's, without the notice again.
    expect(await rootData(client)).toMatchObject({ user: null, authError: null });
  });

  it("expired and disabled accounts get their own docs/product.md §8 notice; no cookie at all gets none", async () => {
    const expired = await signedInClient();
    await updateSessionsOf(expired.user.id, { expiresAt: Date.now() - 1 });
    expect(await rootData(expired.client)).toMatchObject({ user: null, authError: "auth/user-token-expired" });

    const disabled = await signedInClient();
    // Disabled by an operator in D1, its sessions left: the copy in the account's object follows (decision 0039).
    await db.update(schema.users).set({ disabledAt: Date.now() }).where(eq(schema.users.id, disabled.user.id));
    await syncProfile(disabled.user.id);
    expect(await rootData(disabled.client)).toMatchObject({ user: null, authError: "auth/user-disabled" });

    const html = await (await (await signedInClient()).client.fetch("/web-main")).text();
    expect(html).not.toContain("auth/user-token-expired");
  });
});
