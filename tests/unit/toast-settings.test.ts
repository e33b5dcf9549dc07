// The toasts' swipe distance and removal delay are the app's own (docs/product.md §9: 45 px, 200 ms), written
// into sonner by the build (vite.toast-settings.ts), not sonner's defaults that happen to match.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { TOASTS } from "../../app/lib/constants";
import { SONNER_CONSTANTS, setSonnerConstants, toastSettings } from "../../vite.toast-settings";

const sonnerPath = createRequire(import.meta.url)
  .resolve("sonner")
  .replace(/index\.js$/, "index.mjs");
const sonnerSource = readFileSync(sonnerPath, "utf8");

describe("toast settings written into sonner", () => {
  it("are docs/product.md §9's: swipe 45 px, removal after 200 ms", () => {
    expect(TOASTS.swipeThresholdPx).toBe(45);
    expect(TOASTS.removeDelayMs).toBe(200);
    expect(SONNER_CONSTANTS).toEqual({ SWIPE_THRESHOLD: 45, TIME_BEFORE_UNMOUNT: 200 });
  });

  it("replace the installed sonner's constants with the given values (so they are set, not inherited)", () => {
    const changed = setSonnerConstants(sonnerSource, { SWIPE_THRESHOLD: 61, TIME_BEFORE_UNMOUNT: 250 });
    expect(changed).toContain("const SWIPE_THRESHOLD = 61;");
    expect(changed).toContain("const TIME_BEFORE_UNMOUNT = 250;");
    expect(changed).not.toMatch(/const SWIPE_THRESHOLD = 45;/);
  });

  it("are applied by the build plugin to sonner's module and to nothing else", () => {
    const plugin = toastSettings();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const changed = (code: string) => transform(code, "/app/node_modules/sonner/dist/index.mjs")?.code;
    expect(changed("const SWIPE_THRESHOLD = 1;\nconst TIME_BEFORE_UNMOUNT = 2;")).toBe("const SWIPE_THRESHOLD = 45;\nconst TIME_BEFORE_UNMOUNT = 200;");
    expect(transform("const SWIPE_THRESHOLD = 1;", "/app/app/lib/toast.ts")).toBeUndefined();
  });

  it("stop the build when sonner no longer declares one of them", () => {
    expect(() => setSonnerConstants("const SWIPE_THRESHOLD = 45;")).toThrow(/TIME_BEFORE_UNMOUNT/);
  });
});
