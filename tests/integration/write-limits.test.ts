// Every endpoint that keeps data is metered per account (SECURITY.md "Every endpoint that stores something", decision
// 0013). Each test fills the real window with parallel requests (the counts are exact), then the next one is a 429
// with Retry-After and the translated message that says when, and nothing more was stored.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import type { ErrorCode } from "../../app/.server/errors";
import { saveBirthProfile } from "../../app/.server/horoscope/birth-profile";
import { WRITE_LIMITS } from "../../app/.server/write-limits";
import { formatWait } from "../../app/lib/error-text";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { accountSchema, inAccountDb } from "./account-helpers";
import { type Client, db, signedInClient } from "./auth-helpers";
import { accountThreads, storeThread } from "./chat-helpers";
import { appEnv } from "./helpers";

const HOUR_SECONDS = 3600;

/** The `_wait` text of `code` in `locale`, with the wait the response's Retry-After names. */
function waitMessage(code: ErrorCode, locale: "en" | "tr", retryAfter: number): string {
  const table: Record<string, string> = locale === "en" ? en : tr;
  return table[`${code}_wait`]!.replace("{{wait}}", formatWait(retryAfter, locale));
}

/** A refusal of the write limit: 429, a Retry-After within the window, the translated message with the wait. */
async function expectLimited(response: Response, code: ErrorCode, locale: "en" | "tr", windowSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await response.json()).toMatchObject({ ok: false, error: { code, message: waitMessage(code, locale, retryAfter) } });
}

function post(client: Client, path: string, fields: Record<string, string>) {
  return client.fetch(path, { method: "POST", body: new URLSearchParams(fields) });
}

async function threadFor(ownerId: string) {
  const threadId = crypto.randomUUID();
  await storeThread(ownerId, { id: threadId, title: "Metered" }, [
    { id: crypto.randomUUID(), threadId, role: "user", content: "A question" },
    { id: crypto.randomUUID(), threadId, role: "assistant", content: "An answer", model: "gpt-4o-mini" },
  ]);
  return threadId;
}

async function threadCount(ownerId: string) {
  return (await accountThreads(ownerId)).length;
}

describe("per-account write limits", { timeout: 60_000 }, () => {
  it(`"Continue this chat": ${WRITE_LIMITS.continueShare.limit} an hour, then 429 (in Turkish for a Turkish reader)`, async () => {
    const { client: owner, user } = await signedInClient();
    const shared = await post(owner, `/api/threads/${await threadFor(user.id)}/share`, { intent: "share" });
    const { share } = (await shared.json()) as { share: { id: string } };
    const { client: visitor, user: reader } = await signedInClient();

    const copies = await Promise.all(
      Array.from({ length: WRITE_LIMITS.continueShare.limit }, () => post(visitor, `/api/shares/${share.id}/continue`, { intent: "continue" })),
    );
    expect(copies.map((response) => response.status)).toEqual(copies.map(() => 200));
    visitor.cookies.set("locale", "tr");
    await expectLimited(await post(visitor, `/api/shares/${share.id}/continue`, { intent: "continue" }), "share/continue-rate-limited", "tr", HOUR_SECONDS);
    expect(await threadCount(reader.id)).toBe(WRITE_LIMITS.continueShare.limit);
  });

  it(`share links: ${WRITE_LIMITS.shareCreate.limit} new ones an hour, ${WRITE_LIMITS.shareUpdate.limit} "Update link" snapshots an hour`, async () => {
    const { client, user } = await signedInClient();
    const threads = await Promise.all(Array.from({ length: WRITE_LIMITS.shareCreate.limit + 1 }, () => threadFor(user.id)));
    const made = await Promise.all(threads.slice(1).map((threadId) => post(client, `/api/threads/${threadId}/share`, { intent: "share" })));
    expect(made.map((response) => response.status)).toEqual(made.map(() => 200));
    await expectLimited(await post(client, `/api/threads/${threads[0]}/share`, { intent: "share" }), "share/rate-limited", "en", HOUR_SECONDS);
    expect(await db.$count(schema.sharedLinks, eq(schema.sharedLinks.ownerId, user.id))).toBe(WRITE_LIMITS.shareCreate.limit);

    const updated = await Promise.all(
      Array.from({ length: WRITE_LIMITS.shareUpdate.limit }, () => post(client, `/api/threads/${threads[1]}/share`, { intent: "share" })),
    );
    expect(updated.map((response) => response.status)).toEqual(updated.map(() => 200));
    await expectLimited(await post(client, `/api/threads/${threads[1]}/share`, { intent: "share" }), "share/rate-limited", "en", HOUR_SECONDS);
  });

  it(`the birth chart saved to the gallery: ${WRITE_LIMITS.chartSave.limit} an hour`, async () => {
    const { client, user } = await signedInClient();
    await saveBirthProfile(appEnv, user.id, { birthDate: "1990-06-15", birthTime: "14:30", placeId: "tr-istanbul" });
    const saves = await Promise.all(
      Array.from({ length: WRITE_LIMITS.chartSave.limit }, () => client.fetch("/api/horoscope/chart", { method: "POST", body: new FormData() })),
    );
    expect(saves.map((response) => response.status)).toEqual(saves.map(() => 201));
    await expectLimited(await client.fetch("/api/horoscope/chart", { method: "POST", body: new FormData() }), "horoscope/rate-limited", "en", HOUR_SECONDS);
    const row = await inAccountDb(user.id, (account) => account.select({ saved: count() }).from(accountSchema.galleryImages).get());
    expect(row!.saved).toBe(WRITE_LIMITS.chartSave.limit);
  });
});
