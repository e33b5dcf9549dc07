import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./app/.server/http/load-context";
import { LOCALES } from "./app/lib/constants";
import { NAMESPACES } from "./app/lib/i18n";
import { shellChunks } from "./vite.shell-chunks";
import { toastSettings } from "./vite.toast-settings";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Stamps build/client/sw.js with a hash of the client build's file names, so each build's service worker has its own
 * cache and a new deploy is a new worker (decision 0017). Runs after Vite has copied public/ into the output.
 */
function serviceWorkerVersion(): Plugin {
  let outDir = "";
  let ssr = false;
  let version = "";
  return {
    name: "service-worker-version",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      if (!ssr) version = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
    },
    closeBundle() {
      if (ssr || !version) return;
      const file = join(outDir, "sw.js");
      writeFileSync(file, readFileSync(file, "utf8").replaceAll("__BUILD_VERSION__", version));
    },
  };
}

/**
 * `virtual:client-modules`: client build files the server names in `<link rel="modulepreload">` (decision 0019), for
 * code the client fetches with import() before it hydrates, which the build does not preload: each language's
 * strings by namespace, and the markdown renderer with the chunks it needs beyond the entry's own (a page with saved answers).
 * Without the hint the browser asks for them only after every other script has loaded and run. The server build
 * reads the client build's Vite manifest, which Remix's build removes only after both builds; the client build and
 * the development server get empty values (no hint; the imports still work).
 */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;
const CLIENT_ENTRY = "app/entry.client.tsx";
const MARKDOWN_RENDERER = "app/components/chat/markdown-renderer.tsx";

function clientModules(): Plugin {
  const id = "virtual:client-modules";
  let manifestFile: string | null = null;
  let base = "/";
  return {
    name: "client-modules",
    configResolved(config) {
      base = config.base;
      manifestFile = config.command === "build" && config.build.ssr ? join(config.build.outDir, "../client/.vite/manifest.json") : null;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const strings: Record<string, Record<string, string>> = {};
      let markdownRenderer: string[] = [];
      if (manifestFile) {
        const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as ViteManifest;
        const chunk = (key: string) => {
          if (!manifest[key]) throw new Error(`client-modules: ${key} is not in ${manifestFile}`);
          return manifest[key];
        };
        // A chunk and everything it imports statically, as manifest keys.
        const closure = (key: string, into = new Set<string>()) => {
          if (!into.has(key)) {
            into.add(key);
            for (const imported of chunk(key).imports ?? []) closure(imported, into);
          }
          return into;
        };
        for (const locale of LOCALES)
          strings[locale] = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, `${base}${chunk(`locales/${locale}/${namespace}.json`).file}`]));
        const loadedByEntry = closure(CLIENT_ENTRY);
        markdownRenderer = [...closure(MARKDOWN_RENDERER)].filter((key) => !loadedByEntry.has(key)).map((key) => `${base}${chunk(key).file}`);
      }
      return `export const strings = ${JSON.stringify(strings)};\nexport const markdownRenderer = ${JSON.stringify(markdownRenderer)};`;
    },
  };
}

/**
 * `virtual:worker-parts`: in the production server build, app/.server/worker-parts.ts (the Durable Objects, queue
 * consumers and request set-up workers/app.ts takes from the build, decision 0019 "The worker bundles the app once"),
 * with `cloudflare:*` left to the Workers runtime; elsewhere (`npm run dev`, whose server runs in Node where
 * `cloudflare:workers` does not exist and which never runs workers/app.ts) an empty module.
 */
function workerParts(): Plugin {
  const id = "virtual:worker-parts";
  const source = new URL("./app/.server/worker-parts.ts", import.meta.url).pathname;
  let inServerBuild = false;
  return {
    name: "worker-parts",
    config: (_config, { command, isSsrBuild }) =>
      command === "build" && isSsrBuild ? { build: { rollupOptions: { external: [/^cloudflare:/] } } } : undefined,
    configResolved(config) {
      inServerBuild = config.command === "build" && Boolean(config.build.ssr);
    },
    resolveId(requested) {
      if (requested !== id) return undefined;
      return inServerBuild ? source : `\0${id}`;
    },
    load: (resolved) => (resolved === `\0${id}` ? "export {};" : undefined),
  };
}

export default defineConfig({
  // Each license comment once per chunk, at its end, instead of once per module: lucide-react heads every icon with
  // the same comment, 20 to 40 copies in a first visit's chunks. The notices are all still there.
  esbuild: { legalComments: "eof" },
  plugins: [
    // `npm run dev` only: bindings come from wrangler.toml's [env.dev] (DO + queue live in the services worker).
    cloudflareDevProxyVitePlugin({ environment: "dev", getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off (decision 0019): the whole route manifest comes as one immutable script instead of /__manifest
        // fetches after hydration, whose answer re-rendered the entire tree once more.
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
    tailwindcss(),
    serviceWorkerVersion(),
    clientModules(),
    workerParts(),
    toastSettings(),
    shellChunks(),
  ],
  // Pre-bundling would skip toastSettings' transform of sonner under `npm run dev`.
  optimizeDeps: { exclude: ["sonner"] },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: {
    // Every D1 write touches .wrangler/state; watching it would reload the page on each write.
    watch: { ignored: ["**/.wrangler/**", "**/build/**", "**/tests/**"] },
  },
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { sourcemap: false },
});
