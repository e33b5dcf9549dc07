// An anonymous /payment does not call Stripe per load (decision 0007, SECURITY.md "Stripe's rate limit"): the prices and the totals a visitor sees (per
// Price, so per period and currency, and per Stripe Tax setting) are read once and shared, for
// STRIPE_PRICE_CACHE_SECONDS, so page views cannot use up the Stripe account's rate limit. Calls are counted at the
// fake Stripe (tests/mocks/fake-stripe.mjs); each test has Prices of its own, so no other test's cache is in play.
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance } from "vitest";
import { setClockOffset } from "../../app/.server/clock";
import type { AppEnv } from "../../app/.server/env";
import { FakeStripe } from "../mocks/fake-stripe.mjs";
import { Client, signedInClient } from "./auth-helpers";
import { linkCustomer, routeFetch, stripeEnvFor } from "./billing-helpers";
import { appEnv, uniqueId } from "./helpers";

const fake = new FakeStripe();
let router: MockInstance<typeof fetch>;
beforeAll(() => {
  // The app's env is picked per request by the client; the router only needs the fake.
  router = routeFetch(appEnv, fake);
});
afterAll(() => router.mockRestore());
afterEach(() => setClockOffset(0));

const PERIODS = ["week", "month", "quarter", "year"] as const;

/** The app with Stripe keys and four Prices of its own on the fake; `vars` overrides (cache lifetime, tax). */
function ownPrices(vars: Record<string, string> = {}) {
  const prefix = uniqueId("price").replace(/-/g, "_");
  const env = stripeEnvFor(fake, prefix, { STRIPE_PRICE_CACHE_SECONDS: "3600", ...vars });
  const calls = () =>
    fake.requests.filter(
      (call) => call.path.startsWith(`/v1/prices/${prefix}_`) || call.params["subscription_details[items][0][price]"]?.startsWith(`${prefix}_`),
    );
  return { env, calls };
}

/** `count` page views by visitors without any cookie, `concurrency` at a time, spread over the four periods. */
async function visitorLoads(env: AppEnv, count: number, concurrency = 25) {
  const summaries: { period: string; summary: unknown }[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, async (_, index) => {
      const period = PERIODS[(start + index) % PERIODS.length]!;
      const { status, data } = await new Client(undefined, env).loaderData(`/payment?period=${period}`, "routes/_main.payment");
      expect(status).toBe(200);
      return { period, summary: data?.summary };
    });
    summaries.push(...(await Promise.all(batch)));
  }
  return summaries;
}

describe("anonymous /payment", () => {
  it("makes at most one price read and one invoice preview per period for 400 loads, and shows Stripe's totals", async () => {
    const { env, calls } = ownPrices();
    const loads = await visitorLoads(env, 400);
    expect(loads).toContainEqual({ period: "year", summary: { subtotal: "$99.00", tax: "$0.00", total: "$99.00", currency: "USD" } });
    expect(loads).toContainEqual({ period: "week", summary: { subtotal: "$5.00", tax: "$0.00", total: "$5.00", currency: "USD" } });
    const made = calls();
    expect(made.filter((call) => call.path.startsWith("/v1/prices/"))).toHaveLength(4);
    expect(made.filter((call) => call.path === "/v1/invoices/create_preview")).toHaveLength(4);
  });

  it("with Stripe Tax, shows every visitor the same untaxed preview (no location sent) and a customer their own tax", async () => {
    const { env, calls } = ownPrices({ STRIPE_AUTOMATIC_TAX: "true" });
    const loads = await visitorLoads(env, 100);
    expect(loads).toContainEqual({ period: "month", summary: { subtotal: "$15.00", tax: null, total: "$15.00", currency: "USD" } });
    const previews = calls().filter((call) => call.path === "/v1/invoices/create_preview");
    expect(previews).toHaveLength(4);
    // Nothing that places a visitor: no customer, no address, no IP address, no automatic tax.
    for (const preview of previews)
      expect(Object.keys(preview.params).sort()).toEqual(["subscription_details[items][0][price]", "subscription_details[items][0][quantity]"]);

    // A signed-in customer with an address gets Stripe Tax's line, never the visitors' cached one, and vice versa.
    const { client, user } = await signedInClient();
    await linkCustomer(user.id, uniqueId("cus"));
    const own = await client.withEnv(env).loaderData("/payment?period=month", "routes/_main.payment");
    expect(own.data?.summary).toEqual({ subtotal: "$15.00", tax: "$3.00", total: "$18.00", currency: "USD" });
    expect((await visitorLoads(env, 4)).find((load) => load.period === "month")?.summary).toMatchObject({ tax: null, total: "$15.00" });
  });

  it("keeps what it read for STRIPE_PRICE_CACHE_SECONDS, shared past the isolate's 10 minutes, then asks again", async () => {
    const { env, calls } = ownPrices({ STRIPE_PRICE_CACHE_SECONDS: "1800" });
    await visitorLoads(env, 8);
    expect(calls()).toHaveLength(8);
    // Past the isolate memory's 10 minutes: answered from the shared cache (what another isolate would see).
    setClockOffset(20 * 60 * 1000);
    await visitorLoads(env, 8);
    expect(calls()).toHaveLength(8);
    // Past the configured lifetime: read again, once each.
    setClockOffset(31 * 60 * 1000);
    await visitorLoads(env, 40);
    expect(calls()).toHaveLength(16);
  });

  it("reads on every load when STRIPE_PRICE_CACHE_SECONDS is 0", async () => {
    const { env, calls } = ownPrices({ STRIPE_PRICE_CACHE_SECONDS: "0" });
    await visitorLoads(env, 3, 1);
    expect(calls().filter((call) => call.path === "/v1/invoices/create_preview")).toHaveLength(3);
  });

  it("does not retry a failing preview on every load: the plain price is shown meanwhile", async () => {
    const { env, calls } = ownPrices();
    await visitorLoads(env, 4);
    // Prices are cached now; make the year's preview fail (as a 429 from an exhausted rate limit would) for a while.
    const before = calls().length;
    const year = `${env.STRIPE_PRICE_YEAR}`;
    setClockOffset(61 * 60 * 1000);
    fake.failures.set("/v1/invoices/create_preview", { status: 500, times: 1000 });
    try {
      const loads = await visitorLoads(env, 100);
      expect(loads).toContainEqual({ period: "year", summary: { subtotal: "$99.00", tax: "$0.00", total: "$99.00", currency: "USD" } });
      const previews = calls()
        .slice(before)
        .filter((call) => call.path === "/v1/invoices/create_preview");
      // One attempt per period (the stripe client retries a 500 once), not one per load.
      expect(previews.length).toBeLessThanOrEqual(8);
      expect(previews.some((call) => call.params["subscription_details[items][0][price]"] === year)).toBe(true);
    } finally {
      fake.failures.delete("/v1/invoices/create_preview");
    }
  });
});
