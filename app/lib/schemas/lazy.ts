// A form's schema is built the first time it is used, not when its module loads. zod 4 does real work per schema
// (checks, regexes, internal definitions): 10-13 ms for the auth and image-job schemas in Node, several times that
// on a phone, inside the one long task that evaluates a screen's first-load JavaScript. The form needs its schema
// only when it is submitted (decision 0019).
import type { FormChecker } from "./field-errors";

/** `build` runs once, on the first call; every later call returns the same schema. */
export function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * A module the browser fetches the first time a form is used (a schema module, and zod with it), shared by every
 * caller; a failed fetch (offline) is tried again on the next call instead of failing for good.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * A form's check fetched with its schema module (and zod) on the form's first use rather than with the page: `warm`
 * goes on the form's onFocus, so the fetch starts while the person types; `get` is awaited by a form sent by code and
 * rejects offline; `current` is the check once it has arrived, for a Remix form that must decide synchronously, and
 * `failed` says the last fetch failed (offline), when such a form is sent unchecked and its action checks it.
 */
export function lazyForm<T>(load: () => Promise<FormChecker<T>>): LazyForm<T> {
  let loaded: FormChecker<T> | undefined;
  let failed = false;
  const fetchOnce = importOnce(load);
  const get = () =>
    fetchOnce().then(
      (checker) => {
        loaded = checker;
        failed = false;
        return checker;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
  return { get, warm: () => void get().catch(() => undefined), current: () => loaded, failed: () => failed };
}

export interface LazyForm<T> {
  get: () => Promise<FormChecker<T>>;
  warm: () => void;
  current: () => FormChecker<T> | undefined;
  failed: () => boolean;
}
