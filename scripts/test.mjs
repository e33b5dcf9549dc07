#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure. The last line is always
// "N passed, M failed" so a CI log can be read at a glance.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

// Offline machines: no cf.json download and no metrics from wrangler, miniflare or the Workers pool.
const childEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function run(command, args, env = childEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, name)));
}

/** Returns the Chromium path for the e2e run, installing Debian's package when we may; null when impossible. */
async function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);
  const found = candidates.find((file) => existsSync(file));
  if (found) return found;
  if (process.getuid?.() !== 0 || !onPath("apt-get")) return null;
  console.log("Chromium not found; installing Debian's chromium with apt-get (about 20 s)...");
  const aptEnv = { ...childEnv, DEBIAN_FRONTEND: "noninteractive" };
  if ((await run("apt-get", ["update", "-qq"], aptEnv)) !== 0) return null;
  if ((await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], aptEnv)) !== 0) return null;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : null;
}

const stages = [
  { name: "typecheck", run: () => run(bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]) },
  // Code is formatted by Prettier (.prettierrc.json); `npm run format` fixes what this stage reports.
  { name: "format", run: () => run(bin("prettier"), ["--check", "."]) },
  { name: "lint", run: () => run(bin("eslint"), ["--max-warnings=0", "."]) },
  // Layers point down only (routes -> components -> .server -> lib); .madgerc counts runtime imports (decision 0021).
  { name: "import cycles", run: () => run(bin("madge"), ["--circular", "app", "workers"]) },
  { name: "unit tests", run: () => run(bin("vitest"), ["run", "-c", "vitest.unit.config.ts"]) },
  // The integration tests load the main worker, which imports the Remix server build.
  { name: "build", run: () => run(bin("remix"), ["vite:build"]) },
  { name: "integration tests", run: () => run(bin("vitest"), ["run", "-c", "vitest.config.ts"]) },
  {
    name: "e2e tests",
    run: async () => {
      const chromium = await ensureChromium();
      if (!chromium) {
        console.error("Install Chromium: sudo apt-get install -y chromium (or set CHROMIUM_PATH)");
        return 1;
      }
      return run(process.execPath, [path.join("tests", "e2e", "run.mjs")], { ...childEnv, CHROMIUM_PATH: chromium });
    },
  },
];

let passed = 0;
let failed = 0;
for (const stage of stages) {
  const started = Date.now();
  console.log(`\n=== ${stage.name} ===`);
  const code = await stage.run();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    failed++;
    console.error(`\n✗ ${stage.name} failed (exit ${code}, ${seconds}s); later stages were not run.`);
    break;
  }
  passed++;
  console.log(`✓ ${stage.name} (${seconds}s)`);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
