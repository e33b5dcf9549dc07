// The progress "Download my data" shows while its archive is written (decision 0018): every file it holds is a step,
// documents (decision 0031) included, so the figure moves while an account's documents are added and reads 100 only
// once the archive is ready.
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../app/.server/env";
import { accountSchema as schema, inAccountDb } from "./account-helpers";
import { signedInClient } from "./auth-helpers";
import { seedTextDocuments } from "./documents-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { appEnv } from "./helpers";
import { deliver } from "./images-helpers";

const DOCUMENTS = 20;

/** R2 as the app has it, except that each document fetched first notes the progress the page would show then. */
function watchingDocuments(ownerId: string, seen: number[]): AppEnv["MEDIA"] {
  return new Proxy(appEnv.MEDIA, {
    get(bucket, name) {
      if (name === "get")
        return async (key: string) => {
          if (key.startsWith("documents/")) {
            const [row] = await inAccountDb(ownerId, (db) => db.select({ progress: schema.dataExports.progress }).from(schema.dataExports).all());
            seen.push(row!.progress);
          }
          return bucket.get(key);
        };
      const value: unknown = Reflect.get(bucket, name);
      return typeof value === "function" ? value.bind(bucket) : value;
    },
  });
}

describe("download my data: progress", { timeout: 60_000 }, () => {
  it("moves while the documents are added, stays below 100 until the archive is ready, then shows 100", async () => {
    const { client, user } = await signedInClient();
    await seedTextDocuments(user.id, DOCUMENTS);
    const seen: number[] = [];
    const { env, sent } = exportsEnv({ ...appEnv, MEDIA: watchingDocuments(user.id, seen) } as AppEnv);
    const owner = client.withEnv(env);
    expect((await startExport(owner)).status).toBe(202);

    await deliver(env, [{ id: "export-progress", body: sent[0] }], "data-exports");

    expect(seen).toHaveLength(DOCUMENTS);
    // Never backwards, never 100 while files are still being added, and well up by the last document.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((progress) => progress < 100)).toBe(true);
    expect(seen.at(-1)! - seen[0]!).toBeGreaterThanOrEqual(50);
    expect(await latestExport(owner)).toMatchObject({ status: "ready", progress: 100 });
  });
});
