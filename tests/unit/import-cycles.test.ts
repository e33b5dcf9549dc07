// The import-circle check of `npm run lint` (scripts/import-cycles.mjs, decision 0021): it must see the imports madge
// skips (type-only ones), and fail on a circle of more than three files while letting smaller ones through. The
// repository itself is checked by the script, as its own stage of `npm test` (scripts/test.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { circles, exampleLoop, importGraph, MAX_FILES, specifiers } from "../../scripts/import-cycles.mjs";

describe("import-cycles", () => {
  it("reads type-only imports, re-exports, import() types and dynamic imports", () => {
    const text = [
      'import type { A } from "./a";',
      'import { type B, c } from "./b";',
      'export type { D } from "./d";',
      'export * from "./e";',
      'type F = import("./f").F;',
      'const g = () => import("./g");',
      'import "./h";',
    ].join("\n");
    expect(specifiers(text, "x.ts")).toEqual(["./a", "./b", "./d", "./e", "./f", "./g", "./h"]);
  });

  it("finds each group of files that import each other round, largest first", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["d"]],
      ["d", ["a", "e"]],
      ["e", ["f"]],
      ["f", ["e"]],
      ["g", ["a"]],
    ]);
    expect(circles(graph)).toEqual([
      ["a", "b", "c", "d"],
      ["e", "f"],
    ]);
    expect(exampleLoop(graph, ["a", "b", "c", "d"])).toEqual(["a", "b", "c", "d", "a"]);
  });

  const root = mkdtempSync(join(tmpdir(), "import-cycles-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("draws a project's graph with its tsconfig paths, so a circle made only of type imports is a circle", () => {
    writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } }, include: ["app/**/*"] }));
    mkdirSync(join(root, "app/.server"), { recursive: true });
    mkdirSync(join(root, "workers"), { recursive: true });
    writeFileSync(join(root, "app/.server/env.ts"), 'import type { Account } from "~/.server/object";\nexport type Env = { account: Account };\n');
    writeFileSync(join(root, "app/.server/object.ts"), 'import { run } from "./runner";\nexport class Account { run = run; }\n');
    writeFileSync(join(root, "app/.server/runner.ts"), 'import { read } from "./store";\nexport const run = read;\n');
    writeFileSync(join(root, "app/.server/store.ts"), 'import type { Env } from "./env";\nexport const read = (env: Env) => env;\n');
    // An ambient declaration is imported by nothing: its import() types put it in no circle.
    writeFileSync(join(root, "workers/env.d.ts"), 'type Ambient = import("../app/.server/object").Account;\n');
    const graph = importGraph(["app", "workers"], root);
    expect([...graph.keys()].sort()).toEqual(["app/.server/env.ts", "app/.server/object.ts", "app/.server/runner.ts", "app/.server/store.ts"]);
    const found = circles(graph);
    expect(found).toEqual([["app/.server/env.ts", "app/.server/object.ts", "app/.server/runner.ts", "app/.server/store.ts"]]);
    expect(found[0]!.length).toBeGreaterThan(MAX_FILES);
  });
});
