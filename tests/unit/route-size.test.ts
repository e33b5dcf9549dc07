// Routes stay thin (HELPERS conventions, decision 0021's layers): a route file reads the request, calls app/.server and
// renders components. One over 250 lines has grown a component or domain logic of its own, which belongs in
// app/components or app/.server; this fails until it is moved there.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = new URL("../../app/routes", import.meta.url).pathname;
const MAX_LINES = 250;

describe("routes", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = readdirSync(ROUTES)
      .map((name) => ({ name, lines: readFileSync(join(ROUTES, name), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
