// The bad-input suite (suite.ts runs the cases; cases.ts makes them): the route table is today's build, and every case.
import { describe, expect, it } from "vitest";
import { CASES } from "./cases";
import { ALL_ROUTE_IDS, ROUTE_FILES, ROUTES } from "./routes";
import { badInputPart, casesOf, PARTS } from "./suite";

describe("the route table", () => {
  it("is the build of today's app/routes (run `npm run build` after adding a route)", () => {
    expect(ROUTE_FILES.filter((id) => !ALL_ROUTE_IDS.includes(id))).toEqual([]);
  });

  it(`gives ${CASES.length} cases over ${ROUTES.length} URLs, dealt to ${PARTS} file(s)`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CASES.map((testCase) => `${testCase.group}: ${testCase.name}`)).size).toBe(CASES.length);
    const dealt = Array.from({ length: PARTS }, (_, index) => casesOf(index + 1)).flat();
    expect(dealt.length).toBe(CASES.length);
    expect(new Set(dealt).size).toBe(CASES.length);
  });
});

badInputPart(1);
