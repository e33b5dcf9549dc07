// The ChatGPT import's tests' shared steps (decision 0040-import-chatgpt): posting an export, waking the account's
// object until the import ends, and what it left in R2.
import { runDurableObjectAlarm } from "cloudflare:test";
import { accountObject } from "../../app/.server/account/client";
import { setClockOffset } from "../../app/.server/clock";
import type { ChatImportView } from "../../app/lib/schemas/imports";
import type { Client } from "./auth-helpers";
import { appEnv } from "./helpers";

export const post = (client: Client, body: Uint8Array<ArrayBuffer>, type = "application/zip", language = "en") =>
  client.fetch(`/api/imports/chatgpt?lng=${language}`, {
    method: "POST",
    body,
    headers: { "Content-Type": type, "Content-Length": String(body.byteLength) },
  });

export async function latest(client: Client): Promise<ChatImportView | null> {
  return ((await (await client.get("/api/imports/chatgpt")).json()) as { import: ChatImportView | null }).import;
}

/** Wakes the account's object until its import is no longer running; answers each wake's progress. */
export async function runImport(client: Client, accountId: string): Promise<ChatImportView[]> {
  const seen: ChatImportView[] = [];
  for (let wake = 0; wake < 50; wake += 1) {
    const view = (await latest(client))!;
    seen.push(view);
    if (view.status !== "running") return seen;
    await runDurableObjectAlarm(accountObject(appEnv, accountId));
  }
  throw new Error("the import never ended");
}

/**
 * Runs `body` with the app clock an hour ahead: the import's alarm is then set an hour into real time, so it wakes only
 * when the test runs it, and each wake's progress can be seen.
 */
export async function withAlarmsHeld<T>(body: () => Promise<T>): Promise<T> {
  setClockOffset(60 * 60 * 1000);
  try {
    return await body();
  } finally {
    setClockOffset(0);
  }
}

export const importFiles = async (accountId: string) => (await appEnv.MEDIA.list({ prefix: `imports/${accountId}/` })).objects.map((object) => object.key);

export async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
