// Comments point inside the repository: at docs/product.md's numbered sections, the decision records and the README,
// never at SPEC.md or DESIGN.md, which a clone does not have, nor at issue numbers, which a clone cannot follow. A
// citation of any of them fails here, and so does a docs/product.md section or decision record that does not exist.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const SOURCES = ["app", "workers", "scripts", "tests", "db/schema.ts"];

function sourceFiles(path: string, kinds = /\.(ts|tsx|mjs|js)$/): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return kinds.test(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => name !== "node_modules")
    .flatMap((name) => sourceFiles(join(path, name), kinds));
}

const files = SOURCES.flatMap((source) => sourceFiles(join(ROOT, source)))
  .filter((path) => !path.endsWith("worker-configuration.d.ts"))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));
const productSections = new Set([...readFileSync(join(ROOT, "docs/product.md"), "utf8").matchAll(/^## §(\d+)/gm)].map((match) => match[1]));
const decisions = new Set(readdirSync(join(ROOT, "docs/decisions")).flatMap((name) => /^(\d{4})-/.exec(name)?.[1] ?? []));

// An issue named by its number ("issue" or "issues", any case, then the number) is refused: the reasoning belongs in
// a decision record or docs/product.md, which the comment then names. Decision records may keep their "Status: ...
// (issue N)" lines, which record history; they are not read here.
const ISSUE_NUMBER = /\bissues? #?\d+/i;
const issueCitingFiles = ["app", "workers", "db", "scripts", "tests"]
  .flatMap((source) => sourceFiles(join(ROOT, source), /\.(ts|tsx|mjs|js|sql)$/))
  .map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));

describe("comments cite what the repository holds", () => {
  it("no source file cites SPEC or DESIGN", () => {
    const citing = files.filter(({ path, text }) => path !== "tests/unit/comment-references.test.ts" && /\bSPEC(\.md)?\b|\bDESIGN(\.md|'s|\s")/.test(text));
    expect(citing.map(({ path }) => path)).toEqual([]);
  });

  it("every docs/product.md section and decision record a source file names exists", () => {
    const missing = files.flatMap(({ path, text }) => [
      ...[...text.matchAll(/docs\/product\.md §(\d+)/g)].filter((match) => !productSections.has(match[1]!)).map((match) => `${path}: §${match[1]}`),
      ...[...text.matchAll(/\bdecisions? (\d{4})\b/g)].filter((match) => !decisions.has(match[1]!)).map((match) => `${path}: decision ${match[1]}`),
    ]);
    expect(missing).toEqual([]);
  });

  it("no source file names an issue by its number", () => {
    const citing = issueCitingFiles.filter(({ text }) => ISSUE_NUMBER.test(text));
    expect(citing.map(({ path, text }) => `${path}: ${ISSUE_NUMBER.exec(text)![0]}`)).toEqual([]);
  });
});
