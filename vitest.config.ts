// Integration tests inside workerd (the Workers pool): the real main worker from wrangler.toml with local D1, R2,
// the CreditsCounter Durable Object and the image queue. Needs `npm run build` first (the worker imports build/server).
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { build, type Rollup } from "vite";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const PREBUNDLED = [
  "@remix-run/cloudflare",
  "@remix-run/react",
  "lucide-react",
  "zod",
  "openai",
  "react-i18next",
  "i18next",
  "remix-i18next/server",
  "react",
  "react/jsx-runtime",
  "react-dom/server",
  "drizzle-orm",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "jose",
  "sonner",
  "@radix-ui/react-dialog",
  "@radix-ui/react-dropdown-menu",
  "stripe",
];

const WORKER_CONDITIONS = ["workerd", "worker", "browser"];

/**
 * The WhatsApp worker and the document-check worker are scripts of their own (the WHATSAPP and DOCUMENT_CHECK
 * service bindings point at them by name). Auxiliary workers in the pool must be plain JavaScript, so each is bundled
 * in memory with Vite (TypeScript, its packages) before the pool starts.
 */
async function bundleWorker(entryPath: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    resolve: { conditions: WORKER_CONDITIONS },
    ssr: { noExternal: true, target: "webworker", resolve: { conditions: WORKER_CONDITIONS, externalConditions: ["workerd", "worker"] } },
    build: {
      ssr: entryPath,
      write: false,
      minify: false,
      // One file: an auxiliary worker is a single script (the check worker's pdfjs is imported dynamically).
      rollupOptions: { external: [/^cloudflare:/, /^node:/], output: { inlineDynamicImports: true } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const entry = outputs.flatMap((output) => output.output).find((chunk) => chunk.type === "chunk" && chunk.isEntry);
  if (!entry || entry.type !== "chunk") throw new Error(`Bundling ${entryPath} produced no entry chunk`);
  return entry.code;
}

/**
 * The bad-input suite's files (tests/robustness) start first, then vitest's own order (the longest of the last run
 * first; without one, the largest files). Those files are among the stage's longest but small on disk, so on a machine
 * without a last run they would otherwise start last and leave one runtime working alone at the end.
 */
class BadInputFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const badInput = (file: TestSpecification) => file.moduleId.includes("/tests/robustness/");
    return [...sorted.filter(badInput), ...sorted.filter((file) => !badInput(file))];
  }
}

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          APP_ENV: "test",
          // Only APP_ENV=development may run on the fixed development secret (app/.server/env.ts): tests bring their own.
          SESSION_SECRET: "integration-tests-session-secret-0123456789",
          // The demo provider writes a word every 30 ms to look like a model; here that is only waiting (ai/providers.ts).
          DEMO_PACE_MS: "1",
          TEST_MIGRATIONS: await readD1Migrations("db/migrations"),
        },
        // Databases of their own for the tests that run a drop from db/legacy/: account-moves-drop.test.ts drops the
        // old per-account tables in LEGACY_DROP_DB, sessions-drop.test.ts D1's sessions in SESSIONS_DROP_DB (apart, so
        // the two files may run side by side). DB is the one wrangler.toml names (the same id), listed so this record
        // does not replace it.
        d1Databases: {
          DB: "00000000-0000-4000-8000-000000000001",
          LEGACY_DROP_DB: "00000000-0000-4000-8000-00000000d209",
          SESSIONS_DROP_DB: "00000000-0000-4000-8000-00000000d5e5",
        },
        workers: [
          {
            // Same name as in wrangler.toml's [[services]], so env.WHATSAPP reaches it exactly as in production.
            name: "edge-assistant-whatsapp",
            modules: true,
            script: await bundleWorker("workers/whatsapp/index.ts"),
            compatibilityDate: "2026-04-20",
            compatibilityFlags: ["nodejs_compat"],
            bindings: { APP_ENV: "test", WHATSAPP_APP_SECRET: "test-app-secret", WHATSAPP_VERIFY_TOKEN: "test-verify-token" },
            queueProducers: { WHATSAPP_INBOX: "whatsapp-inbox" },
            // Same database id as the main worker's DB binding: both workers see one database, as deployed.
            d1Databases: { DB: "00000000-0000-4000-8000-000000000001" },
          },
          {
            // Same name as in wrangler.toml's DOCUMENT_CHECK service, so the upload's PDF check reaches it by RPC as in
            // production. Readings are run by the tests themselves (documents-helpers readAll calls the document-reader
            // worker's queue handler with the test's env), so that worker needs no place here.
            name: "edge-assistant-document-check",
            modules: true,
            script: await bundleWorker("workers/document-check.ts"),
            compatibilityDate: "2026-04-20",
            compatibilityFlags: ["nodejs_compat"],
          },
        ],
      },
    })),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "integration",
    include: ["tests/{integration,robustness}/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    sequence: { sequencer: BadInputFirst },
    // One runtime per pool worker for all its files, instead of a fresh one per file: loading the worker's module
    // graph (server build and pre-bundled packages) took 6 to 14 s per file, 340 of the stage's 605 s; with the
    // runtime reused the stage takes about 280 s. Files share D1 and Durable Object state, so every test makes its
    // own ids and accounts (uniqueId, random emails) and never counts rows it did not make.
    isolate: false,
    // One runtime more than cores, at least three: a test spends most of its time in workerd, which runs one request
    // at a time and waits on its fakes between them, so one runtime left a 2-core machine half idle (297 s for the
    // stage), two kept it 137 % busy (114-123 s) and three take 99-103 s. Files already make their own ids and
    // accounts (see isolate above), so they may run side by side.
    maxWorkers: Math.min(4, Math.max(3, availableParallelism() + 1)),
    // Each test drives the real worker (server render, D1, Durable Objects); the first request of a file also
    // loads the server build. 5 s (vitest's default) is enough on a quiet machine and not on a busy CI runner,
    // where three page-rendering tests timed out at 5.0 s while passing in ~1 s locally. Slowness is measured
    // by `npm run bench`, never by test timeouts.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Starts the fake OpenAI-compatible server (tests/mocks/fake-openai.mjs) in Node and provides its URL as
    // inject("fakeUpstreamUrl"); the chat tests pass it to the app per request, so other tests stay in demo mode.
    // fake-graph.setup.ts does the same for the WhatsApp Graph API (inject("fakeGraphUrl")), fake-push.setup.ts for
    // the local web push service (inject("fakePushUrl")).
    globalSetup: ["./tests/integration/fake-upstream.setup.ts", "./tests/integration/fake-graph.setup.ts", "./tests/integration/fake-push.setup.ts"],
    // @remix-run/cloudflare is CommonJS: pre-bundling it avoids "reading 'createCookieFactory'" in workerd.
    // The rest are many-file packages the server build imports; pre-bundled, each loads as one module instead of
    // hundreds (lucide-react alone is ~2,000 files), which is most of the start-up time of every test file.
    deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
  },
});
