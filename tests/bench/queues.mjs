// Queue consumers (decision 0026, "Capacity model"): a batch's messages are handled at the same time, so a batch of 10
// whose handler takes 200 ms each should take about 200 ms, not 2 s. Measured on the app's own loop
// (app/.server/queue-consumer.ts, bundled for Node) with a fake slow handler, as a consumer invocation runs it.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "../e2e/server.mjs";

export const QUEUE_BENCH = { messages: 10, handlerMs: 200 };

export async function measureQueueBatch() {
  const dir = mkdtempSync(join(ROOT, "node_modules", ".cache-bench-queue-"));
  try {
    const outfile = join(dir, "queue-consumer.mjs");
    await build({ entryPoints: [join(ROOT, "app/.server/queue-consumer.ts")], bundle: true, format: "esm", platform: "node", outfile, logLevel: "error" });
    const { consumeEach } = await import(pathToFileURL(outfile).href);
    const messages = Array.from({ length: QUEUE_BENCH.messages }, (_, index) => ({
      id: `m${index}`,
      body: { id: index },
      attempts: 1,
      ack() {},
      retry() {},
    }));
    const started = performance.now();
    await consumeEach(
      { queue: "bench", messages },
      {
        name: "bench",
        isMessage: (body) => typeof body === "object" && body !== null,
        handle: () => new Promise((resolve) => setTimeout(() => resolve("done"), QUEUE_BENCH.handlerMs)),
        retryDelaySeconds: () => 1,
      },
    );
    return performance.now() - started;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
