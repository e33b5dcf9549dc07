// Unit tests: pure modules (config parsing, security checks, time, storage, locale files) in plain Node.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    name: "unit",
    environment: "node",
    include: ["tests/unit/**/*.test.ts"],
    // `npm test` runs this stage at nice 19 beside the integration and e2e stages (scripts/test.mjs), where the CPU it
    // gets varies tenfold: a test that takes 3 s alone took 33 s in CI, one of 9 s took 127 s in a full run here. The
    // timeouts only catch a hang; slowness is measured by `npm run bench`, never by test timeouts.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
