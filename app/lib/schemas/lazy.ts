// A form's schema is built the first time it is used, not when its module loads. zod 4 does real work per schema
// (checks, regexes, internal definitions): 10-13 ms for the auth and image-job schemas in Node, several times that
// on a phone, inside the one long task that evaluates a screen's first-load JavaScript. The form needs its schema
// only when it is submitted (decision 0019).

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
 * A form's schema fetched with its module (and zod) on the form's first use rather than with the page: `warm` goes on
 * the form's onFocus, so the fetch starts while the person types; `get` is awaited on submit and rejects offline.
 */
export function lazyFormSchema<S>(load: () => Promise<S>) {
  const get = importOnce(load);
  return { get, warm: () => void get().catch(() => undefined) };
}
