// Unit tests: pure modules (config parsing, security checks, time, storage, locale files) in plain Node.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "unit",
    environment: "node",
    include: ["tests/unit/**/*.test.ts"],
    // `npm test` runs this stage at low priority beside the integration and e2e stages (scripts/test.mjs), where a
    // test that takes 1 s alone can take several; vitest's 5 s default then fails it for being slow. Slowness is
    // measured by `npm run bench`, never by test timeouts.
    testTimeout: 30_000,
  },
});
