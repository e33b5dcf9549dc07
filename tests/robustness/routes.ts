// The app's URLs as the built server knows them, so the bad-input suite covers every route without a list kept by
// hand: a new file under app/routes gets its cases at the next build. Path parameters are filled with another
// account's ids (see world.ts), so a request that gets past validation still has to pass the owner check.
// @ts-expect-error: produced by `remix vite:build`, which the Workers pool run needs first; it has no declarations.
import * as build from "../../build/server";

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown };
}

export interface RouteInfo {
  id: string;
  /** The URL pattern, e.g. `/api/threads/:threadId`. */
  pattern: string;
  /** A page renders HTML (and answers `<path>.data`); a resource route answers only what its handlers return. */
  kind: "page" | "resource";
  hasLoader: boolean;
  hasAction: boolean;
  params: string[];
  /** The app's own JSON endpoints (`/api/*`): they never answer HTML. */
  api: boolean;
}

const routes = (build as unknown as { routes: Record<string, BuildRoute> }).routes;

function fullPattern(route: BuildRoute): string {
  const parts: string[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

function depth(route: BuildRoute): number {
  return route.parentId && routes[route.parentId] ? depth(routes[route.parentId]!) + 1 : 0;
}

/**
 * Every addressable route. A layout with a path (`/settings`) shares its URL with its index route, which is what Remix
 * matches there, so per URL the deepest route is kept; pathless layouts are reached only through their children.
 */
const byPattern = new Map<string, BuildRoute>();
for (const route of Object.values(routes).sort((a, b) => depth(a) - depth(b))) {
  if (route.id === "root" || (route.path === undefined && !route.index)) continue;
  byPattern.set(fullPattern(route), route);
}

export const ROUTES: RouteInfo[] = [...byPattern]
  .map(([pattern, route]) => ({
    id: route.id,
    pattern,
    kind: route.module.default ? ("page" as const) : ("resource" as const),
    hasLoader: Boolean(route.module.loader),
    hasAction: Boolean(route.module.action),
    params: [...pattern.matchAll(/:(\w+)\??/g)].map((match) => match[1]!),
    api: pattern.startsWith("/api/"),
  }))
  .sort((a, b) => a.pattern.localeCompare(b.pattern));

/** Route files (app/routes/*), to notice a build older than the source: a route missing here has no cases. */
export const ROUTE_FILES = Object.keys(import.meta.glob("../../app/routes/*.{ts,tsx}")).map((file) => file.replace(/^.*\/app\//, "").replace(/\.tsx?$/, ""));

/** Every route id of the build, layouts included. */
export const ALL_ROUTE_IDS = Object.keys(routes).filter((id) => id !== "root");

/**
 * The concrete path for a route: each parameter from `fill` (by name), or `x`. A splat becomes two segments.
 * Remix reads a `.data` suffix as a single-fetch request for the same route.
 */
export function concretePath(route: RouteInfo, fill: (param: string) => string): string {
  return route.pattern.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(fill(name))).replace(/\*$/, "x/y");
}

/** What Remix's single fetch posts to for `path` (the root index is `/_root.data`). */
export function dataPath(path: string): string {
  return path === "/" ? "/_root.data" : `${path}.data`;
}
