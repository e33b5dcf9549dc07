// Which methods a URL takes, read from the Remix route table: GET and HEAD where it renders or has a loader, POST where
// it has an action, and whatever else an action declares it takes (`export const actionMethods`). Remix itself answers
// a method without a handler with an untranslated error (405 without Allow; a GET to a route with only an action is
// even a 400 "Unexpected Server Error"), and hands every other method to the action, which may not check it; a 405
// made by an action also loses its Allow header on the way out of Remix (single fetch keeps only cookies). So the
// worker answers every method a route does not take, before Remix, with a 405 that says what it does take.
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/cloudflare";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** The nested shape Remix matches against (an index route has no children). */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route): RouteObject =>
      route.index
        ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    );
}

/**
 * Paths whose methods are remembered, most recently used last. React Router's matchRoutes flattens, ranks and compiles
 * the whole route table on every call: about 13 % of the worker's CPU for a page in a server profile (0.4 ms warm
 * in Node, several ms in a new isolate), paid again by every request before Remix matches the same path itself. Most
 * requests repeat a few paths (/api/chat, /web-main, /api/analytics); a path with an id misses and costs what it did.
 * Bounded in count and in key length, so a client sending endless distinct paths only ever evicts.
 */
const CACHED_PATHS = 256;
const CACHEABLE_PATH_LENGTH = 200;

/**
 * Returns a check: for a request, the Allow list when the route it reaches has no handler for its method, else null.
 * A `.data` path (Remix single fetch) is checked as its page.
 */
export function methodCheck(build: ServerBuild): (request: Request) => string[] | null {
  const tree = routeTree(build.routes);
  /** The methods each path's route takes; null for a path no route handles (Remix answers those with its 404). */
  const allowed = new Map<string, readonly string[] | null>();

  const methodsOf = (pathname: string): readonly string[] | null => {
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
    const module = leaf?.id ? build.routes[leaf.id]?.module : undefined;
    if (!module) return null;
    // A page renders for GET even without a loader of its own; a resource route answers only what it exports.
    const reads = module.default || module.loader ? ["GET", "HEAD"] : [];
    const declared = (module as { actionMethods?: unknown }).actionMethods;
    const writes = module.action ? (Array.isArray(declared) ? (declared as string[]) : ["POST"]) : [];
    return [...reads, ...writes];
  };

  const remembered = (pathname: string): readonly string[] | null => {
    if (pathname.length > CACHEABLE_PATH_LENGTH) return methodsOf(pathname);
    if (allowed.has(pathname)) {
      const methods = allowed.get(pathname)!;
      allowed.delete(pathname);
      allowed.set(pathname, methods);
      return methods;
    }
    const methods = methodsOf(pathname);
    if (allowed.size >= CACHED_PATHS) allowed.delete(allowed.keys().next().value!);
    allowed.set(pathname, methods);
    return methods;
  };

  return (request) => {
    let pathname = new URL(request.url).pathname;
    if (pathname.endsWith(".data")) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    const allow = remembered(pathname);
    return !allow || allow.includes(request.method) ? null : [...allow];
  };
}
