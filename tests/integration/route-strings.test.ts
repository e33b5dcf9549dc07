// Strings reach a page one way (decision 0019 "Strings by namespace"): a route names its namespaces in
// `handle` (`routeStrings`), the layout preloads them and entry.client loads them before hydrating. No page's loader
// data carries a namespace's strings. Every page route in app/routes is asked for its data (what a client navigation
// reads), in both languages, by a visitor and a signed-in user: a new route that sends a namespace fails here.
import { describe, expect, it } from "vitest";
import { resources } from "../../app/.server/i18n";
import { LOCALES } from "../../app/lib/constants";
import { Client, signedInClient } from "./auth-helpers";

/** The page routes (a `.tsx` route module renders a screen; `.ts` ones are resource routes). */
const ROUTE_FILES = Object.keys(import.meta.glob("../../app/routes/*.tsx")).map((path) => path.replace(/^.*\/routes\//, "").replace(/\.tsx$/, ""));

/** A value for each required URL parameter: the coffee reading is the horoscope type that used to send two namespaces. */
const PARAMETERS: Record<string, string> = { pathId: "coffee", shareId: "no-such-share" };

/** A route file's URL under Remix's flat-routes convention (pathless `_x`, `x_` escapes, `_index`, `(optional)`, `$param`). */
function pathOf(route: string): string {
  const segments = route.split(".").flatMap((segment) => {
    if (segment.startsWith("_") || /^\(.*\)$/.test(segment)) return [];
    const name = segment.replace(/_$/, "");
    if (name === "$") return ["no-such-page"];
    if (name.startsWith("$")) return [PARAMETERS[name.slice(1)] ?? "x"];
    return [name];
  });
  return `/${segments.join("/")}`;
}

/** Every string of a namespace long enough to be its own (short ones like "Save" are shared by many). */
function distinctiveStrings(table: unknown): string[] {
  if (typeof table === "string") return table.length >= 24 ? [table] : [];
  if (table && typeof table === "object") return Object.values(table).flatMap(distinctiveStrings);
  return [];
}

/**
 * Left out: the pages' meta descriptions (`seo`), which the root's data carries on purpose and no page loads as a
 * namespace: a route's `meta` runs outside React and cannot wait for strings (app/.server/root-data.ts).
 */
const NAMESPACE_STRINGS = LOCALES.flatMap((locale) =>
  Object.entries(resources[locale])
    .filter(([namespace]) => namespace !== "seo")
    .map(([namespace, table]) => ({ namespace, locale, strings: distinctiveStrings(table) })),
);

/**
 * The namespaces whose strings a page's data carries: a few of a namespace's texts can be a page's own (a title, a
 * notice); a table sent to the page brings dozens.
 */
async function namespacesIn(client: Client, path: string): Promise<string[]> {
  const [pathname, search = ""] = path.split("?");
  const response = await client.fetch(`${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`);
  const text = await response.text();
  return NAMESPACE_STRINGS.filter(({ strings }) => strings.filter((value) => text.includes(JSON.stringify(value))).length >= 8).map(
    ({ namespace }) => namespace,
  );
}

describe("strings travel by namespace, never in loader data", { timeout: 60_000 }, () => {
  it("finds the page routes", () => {
    // The conversion above covers these; a glob that found nothing would make the next test pass vacuously.
    expect(ROUTE_FILES).toEqual(expect.arrayContaining(["_main.web-search.($threadId)", "_main.horoscope.$pathId.($threadId)", "_main.logo-maker"]));
    expect(pathOf("_main.horoscope.$pathId.($threadId)")).toBe("/horoscope/coffee");
    expect(pathOf("_main.payment_.demo-checkout")).toBe("/payment/demo-checkout");
    expect(pathOf("_main.horoscope._index")).toBe("/horoscope");
  });

  it("no page's data carries a namespace's strings, in either language, signed in or not", async () => {
    const { client: member } = await signedInClient();
    const found: Record<string, string[]> = {};
    for (const route of ROUTE_FILES) {
      for (const [who, client] of [
        ["visitor", new Client()],
        ["member", member],
      ] as const) {
        for (const locale of LOCALES) {
          const path = `${pathOf(route)}?lng=${locale}`;
          const namespaces = await namespacesIn(client, path);
          if (namespaces.length > 0) found[`${route} (${who}, ${path})`] = namespaces;
        }
      }
    }
    expect(found).toEqual({});
  });
});
