import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./app/.server/http/load-context";

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
