// BENCH_BASELINE=<git ref> (tests/bench/run.mjs): the chat's first-token pair run with an older build taking turns
// with this one (decision 0009: the bench's pair run, old and new build taking turns), so a slower or busier machine
// moves both figures alike. The ref's tree is exported with `git archive` into a temporary directory (nothing is
// written to this repository), built there with this checkout's node_modules, and served by its own wrangler dev
// through its own test helpers, so each build runs with the migrations and configuration of its own commit.
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, run } from "../e2e/server.mjs";

/** Starts the ref's chat bench (its own fake upstream and server, the same history seeded); built once per commit. */
export async function startBaselineChatBench(ref) {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: ROOT })
    .toString()
    .trim();
  const dir = join(tmpdir(), `nova-bench-baseline-${sha.slice(0, 12)}`);
  if (!existsSync(join(dir, "build", "server", "index.js"))) {
    console.log(`BENCH_BASELINE: building ${ref} (${sha.slice(0, 12)}) in ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} | tar -x -C "${dir}"`, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    await run(join(ROOT, "node_modules", ".bin", "remix"), ["vite:build"], { cwd: dir });
  }
  const server = await import(pathToFileURL(join(dir, "tests", "e2e", "server.mjs")).href);
  const chat = await import(pathToFileURL(join(dir, "tests", "bench", "chat.mjs")).href);
  // With the same history as this build's bench, so both accounts' objects are alike.
  const bench = await chat.startChatBench(server.startServer);
  return { ...bench, ref, sha };
}
