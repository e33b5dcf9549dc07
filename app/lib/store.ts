// The one way module state is kept in the browser (docs/decisions/0021-layers-and-import-cycles.md, "Client state"): a
// value, its listeners, and a hook over React's useSyncExternalStore. tests/unit/stores.test.ts fails when another
// file keeps its own listener set or calls useSyncExternalStore itself.
import { useSyncExternalStore } from "react";

export interface Store<T> {
  get(): T;
  /** Replaces the value (or derives it from the current one) and tells every listener (React skips an identical one). */
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** The value the server rendered with, used while the page hydrates so the first client render matches its HTML. */
  readonly initial: T;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => state,
    set(next) {
      state = typeof next === "function" ? (next as (current: T) => T)(state) : next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * A component's view of a store, re-rendered when it changes. `select` must return a part of the state or a primitive,
 * never a new object (React compares snapshots by identity and would re-render forever).
 */
export function useStore<T, S = T>(store: Store<T>, select: (state: T) => S = (state) => state as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial),
  );
}
