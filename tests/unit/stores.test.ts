// Client state has one mechanism (decision 0021 "Client state"): app/lib/store.ts. A module that keeps its own
// listener set or calls useSyncExternalStore itself is a second implementation, and fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { createStore } from "../../app/lib/store";

const APP = new URL("../../app", import.meta.url).pathname;
const HELPER = "lib/store.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** What a hand-made store looks like: a set of callbacks, a set named for listeners, React's store hook. */
const SECOND_STORE = [/new Set<\s*\(/, /(listener|subscriber)s?\s*=\s*new Set\b/i, /\buseSyncExternalStore\b/];

describe("one store helper", () => {
  it("no file under app/ but the helper keeps listeners or subscribes React to a store itself", () => {
    const offenders = sourceFiles(APP)
      .map((path) => relative(APP, path))
      .filter((path) => path !== HELPER && !path.startsWith(".server/"))
      .filter((path) => SECOND_STORE.some((pattern) => pattern.test(readFileSync(join(APP, path), "utf8"))));
    expect(offenders).toEqual([]);
  });

  it("tells listeners of each change and stops after unsubscribe", () => {
    const store = createStore({ count: 0 });
    const seen: number[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get().count));
    store.set((current) => ({ count: current.count + 1 }));
    store.set({ count: 5 });
    unsubscribe();
    store.set({ count: 6 });
    expect(seen).toEqual([1, 5]);
    expect(store.get()).toEqual({ count: 6 });
    expect(store.initial).toEqual({ count: 0 });
  });
});
