// The import graph of app/ and workers/ WITH type imports (madge skips them), and its circles: part of `npm run lint`
// (decision 0021). A group of files that import each other round, counting `import type` and `import("…")` types,
// is a strongly connected component of that graph; one of more than MAX_FILES files fails. Ambient declaration files
// (`*.d.ts`, e.g. the generated bindings in workers/) are imported by no module, so they are in no circle.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_FILES = 3;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Every module specifier a file names: imports and re-exports (type-only too), `import()` calls and `import("…")` types. */
export function specifiers(text, fileName = "file.tsx") {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Folders that hold no project source: packages, and wrangler's state with the bundles a running `wrangler dev` writes. */
const NOT_SOURCES = new Set(["node_modules", ".wrangler"]);

/**
 * The project's own sources under `directory` (`app/.server` included). `.wrangler` is skipped: a bundle `wrangler dev`
 * wrote and deleted between the listing and the read failed the unit stage while the e2e servers ran beside it.
 */
function sourceFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    if (NOT_SOURCES.has(name)) return [];
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** file -> the project files it imports (paths relative to the root), resolved as tsconfig.json resolves them. */
export function importGraph(roots = ["app", "workers"], root = ROOT) {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options = config?.options ?? {};
  const host = ts.createCompilerHost(options);
  const files = roots.flatMap((directory) => sourceFiles(join(root, directory)));
  const inside = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of specifiers(readFileSync(file, "utf8"), file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule?.resolvedFileName;
      if (resolved && inside.has(resolved) && resolved !== file) targets.add(relative(root, resolved));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan's algorithm, iterative), each sorted. */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, position] = frame;
      const targets = graph.get(node) ?? [];
      if (position < targets.length) {
        frame[1] += 1;
        const target = targets[position];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** One round trip through `component` from its first file, by shortest steps, so a failure shows a path to cut. */
export function exampleLoop(graph, component) {
  const members = new Set(component);
  const [start] = component;
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [];
        for (let step = node; step !== null; step = previous.get(step)) path.unshift(step);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const all = circles(graph);
  const tooBig = all.filter((component) => component.length > MAX_FILES);
  for (const component of tooBig) {
    console.error(`\nImport circle of ${component.length} files (type imports counted):\n  ${component.join("\n  ")}`);
    console.error(`  e.g. ${exampleLoop(graph, component).join("\n    -> ")}`);
  }
  if (tooBig.length > 0) {
    console.error(`\n${tooBig.length} import circle(s) of more than ${MAX_FILES} files in app/ and workers/ (decision 0021).`);
    process.exit(1);
  }
  console.log(`import-cycles: ${graph.size} files, ${all.length} circle(s), none over ${MAX_FILES} files.`);
}
