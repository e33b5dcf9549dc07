// Imported first by app/root.tsx (docs/decisions/0019). zod 4 probes `new Function("")` when it builds the first
// object schema, to decide whether it may compile parsers. Our CSP forbids eval, so the probe fails as intended, but
// Chromium still files the blocked eval as a CSP issue (Lighthouse "Best practices" 96 on every screen with a form).
// `jitless` skips the probe and takes the interpreted path the CSP already forced, so parsing is unchanged.
//
// Set through the shared object zod itself reads (`globalThis.__zod_globalConfig`, which zod creates if absent and
// exists so that copies of zod agree) rather than `import { config } from "zod"`: that import would put zod's core
// (4 KB gzip) into the first load of screens that have no form. The root route module is evaluated before any other
// route module, so this runs before any schema is built. tests/e2e/first-load.test.mjs fails if the report returns.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
