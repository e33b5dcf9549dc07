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
 * Returns a check: for a request, the Allow list when the route it reaches has no handler for its method, else null.
 * A `.data` path (Remix single fetch) is checked as its page.
 */
export function methodCheck(build: ServerBuild): (request: Request) => string[] | null {
  const tree = routeTree(build.routes);
  return (request) => {
    let pathname = new URL(request.url).pathname;
    if (pathname.endsWith(".data")) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
    const module = leaf?.id ? build.routes[leaf.id]?.module : undefined;
    if (!module) return null;
    // A page renders for GET even without a loader of its own; a resource route answers only what it exports.
    const reads = module.default || module.loader ? ["GET", "HEAD"] : [];
    const declared = (module as { actionMethods?: unknown }).actionMethods;
    const writes = module.action ? (Array.isArray(declared) ? (declared as string[]) : ["POST"]) : [];
    const allow = [...reads, ...writes];
    return allow.includes(request.method) ? null : allow;
  };
}
