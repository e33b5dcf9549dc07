// The app's worker carries no document parser (decision 0031, "A worker of its own"): pdfjs (unpdf) and mammoth were
// 0.6 MiB gzip of a bundle every page request's isolate loads, so they live in the document-reader worker only. This
// walks the import graph of what the app worker bundles (workers/app.ts, and through the server build the Remix
// entry, its routes and app/.server/worker-parts.ts) and fails naming the module that imports either of them,
// dynamic imports included.
import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const PARSERS = /^(unpdf|mammoth)(\/|$)/;

/** What the Vite config and the build resolve for workers/app.ts: the server build and the virtual modules. */
const appGraph: Plugin = {
  name: "app-graph",
  setup(build) {
    // workers/app.ts takes the app from the server build; its entries stand for it here.
    build.onResolve({ filter: /build\/server$/ }, () => ({ path: "server-build", namespace: "app-graph" }));
    build.onLoad({ filter: /^server-build$/, namespace: "app-graph" }, () => ({
      contents: ["app/entry.server.tsx", "app/root.tsx", ...readdirSync(path.join(ROOT, "app/routes")).map((file) => `app/routes/${file}`)]
        .map((file) => `import ${JSON.stringify(path.join(ROOT, file))};`)
        .join("\n"),
      resolveDir: ROOT,
      loader: "js",
    }));
    build.onResolve({ filter: /^virtual:worker-parts$/ }, () => ({ path: path.join(ROOT, "app/.server/worker-parts.ts") }));
    // Vite's asset imports (`?url`) and the other virtual modules hold no code of the app's.
    build.onResolve({ filter: /\?|^virtual:/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The app worker's modules, and their package imports (static or dynamic) as [importer, package]. */
async function appWorkerGraph(): Promise<{ modules: string[]; packageImports: [string, string][] }> {
  const result = await build({
    entryPoints: [path.join(ROOT, "workers/app.ts")],
    bundle: true,
    write: false,
    metafile: true,
    platform: "neutral",
    format: "esm",
    packages: "external",
    alias: { "~": path.join(ROOT, "app") },
    loader: { ".css": "empty", ".svg": "empty", ".png": "empty", ".json": "json" },
    plugins: [appGraph],
    logLevel: "silent",
  });
  const inputs = Object.entries(result.metafile.inputs);
  return {
    modules: inputs.map(([file]) => file),
    packageImports: inputs.flatMap(([file, input]) => input.imports.filter((entry) => entry.external).map((entry): [string, string] => [file, entry.path])),
  };
}

describe("the app worker's import graph", () => {
  it("reaches the app's modules (the walk follows the server build)", async () => {
    const { modules } = await appWorkerGraph();
    expect(modules).toContain("app/.server/documents/store.ts");
    expect(modules).toContain("app/.server/worker-parts.ts");
  });

  it("imports neither unpdf nor mammoth, statically or dynamically (they are the document-reader worker's)", async () => {
    const parsers = (await appWorkerGraph()).packageImports.filter(([, name]) => PARSERS.test(name)).map(([file, name]) => `${file} -> ${name}`);
    expect(parsers).toEqual([]);
  });
});
