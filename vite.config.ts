import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./app/.server/http/load-context";
import { LOCALES } from "./app/lib/constants";

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
 * `virtual:locale-modules`: the client build's file for each language's strings, so the server can preload the
 * page's language (decision 0019). entry.client imports it with import() before hydrating; without a hint the
 * browser asks for it only after every other script has loaded and run, one more round trip before the page works.
 * The server build reads the client build's Vite manifest, which Remix's build leaves in place until both are done;
 * the client build and the development server get an empty map (no hint, the import still works).
 */
function localeModules(): Plugin {
  const id = "virtual:locale-modules";
  let manifestFile: string | null = null;
  return {
    name: "locale-modules",
    configResolved(config) {
      manifestFile = config.command === "build" && config.build.ssr ? join(config.build.outDir, "../client/.vite/manifest.json") : null;
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const files: Record<string, string> = {};
      if (manifestFile) {
        const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, { file: string }>;
        for (const locale of LOCALES) {
          const chunk = manifest[`locales/${locale}/index.ts`];
          if (!chunk) throw new Error(`locale-modules: no chunk for locales/${locale}/index.ts in ${manifestFile}`);
          files[locale] = `/${chunk.file}`;
        }
      }
      return `export default ${JSON.stringify(files)};`;
    },
  };
}

export default defineConfig({
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
    localeModules(),
  ],
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
