// The edge and the domain keep to their sides (decision 0019 "The edge is built once", decision 0021): no module in
// app/ or workers/ casts a value to `never` to pass one environment off as another (the worker's env becomes an AppEnv
// in one place, env.ts `workerEnv`), and only the HTTP adapters under app/.server/http make answers: a domain
// module returns data or throws AppError, and the route (through resource() or pageAction()) makes the response.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;

function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return /\.(ts|tsx)$/.test(path) && !path.endsWith(".d.ts") ? [path] : [];
  return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
}

const read = (dirs: string[]) =>
  dirs.flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

describe("the edge and the domain", () => {
  it("casts nothing to never in app/ and workers/", () => {
    const casting = read(["app", "workers"]).filter(({ text }) => /\bas never\b/.test(text));
    expect(casting.map(({ path }) => path)).toEqual([]);
  });

  it("makes error answers only in app/.server/http: domain modules throw AppError", () => {
    const answering = read(["app/.server"]).filter(({ path, text }) => !path.startsWith("app/.server/http/") && /from "(\.\.?\/)+http\/respond"/.test(text));
    expect(answering.map(({ path }) => path)).toEqual([]);
  });

  it("has no domain function answer with a Response: it returns data and the route makes the response", () => {
    const responding = read(["app/.server"]).filter(
      ({ path, text }) =>
        !path.startsWith("app/.server/http/") &&
        // A `fetch…` function stands in for fetch (a page the research reads), so its Response is a page, not an answer.
        /export (async )?function (?!fetch)\w+(<[^>]*>)?\(([^()]|\([^()]*\))*\)\s*:\s*Promise<Response>/.test(text),
    );
    expect(responding.map(({ path }) => path)).toEqual([]);
  });
});
