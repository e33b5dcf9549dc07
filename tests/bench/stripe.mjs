// Stripe calls made by anonymous /payment loads (decision 0007): `wrangler dev` with Stripe keys against the fake
// Stripe of tests/mocks/fake-stripe.mjs, served over HTTP here, and 1,000 page views by visitors without cookies,
// spread over the four periods. Every call the fake receives is counted; with the cache (decision 0007) a cold start
// needs one read per Price and one invoice preview per period.
import { createServer } from "node:http";
import { FakeStripe } from "../mocks/fake-stripe.mjs";

export const STRIPE_BENCH = { loads: 1_000, concurrency: 25 };

const PERIODS = ["week", "month", "quarter", "year"];
const FORWARDED = ["authorization", "content-type", "idempotency-key", "stripe-version"];

/** The fake on a free 127.0.0.1 port, each Node request handed to its Fetch API `handle`. */
async function serveFakeStripe(prefix) {
  let fake;
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length > 0 && request.method !== "GET" ? Buffer.concat(chunks) : undefined;
    // The headers the fake reads; Node's own (host, connection) are not the request's meaning.
    const headers = Object.fromEntries(FORWARDED.filter((name) => request.headers[name]).map((name) => [name, String(request.headers[name])]));
    const answer = await fake.handle(new Request(`${fake.apiBase}${request.url}`, { method: request.method, headers, body }));
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake = new FakeStripe("sk_test_bench_fake_stripe", `127.0.0.1:${server.address().port}`);
  fake.addPrice(`${prefix}_week`, 500, "week");
  fake.addPrice(`${prefix}_month`, 1500, "month");
  fake.addPrice(`${prefix}_quarter`, 3900, "month", 3);
  fake.addPrice(`${prefix}_year`, 9900, "year");
  return { fake, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Returns { calls, prices, previews, loads, shown, ms } after STRIPE_BENCH.loads anonymous page views. */
export async function measureStripeCalls(startServer) {
  const prefix = `price_bench_${Date.now()}`;
  const stripe = await serveFakeStripe(prefix);
  let server;
  try {
    server = await startServer({
      label: "bench-stripe",
      vars: {
        STRIPE_SECRET_KEY: stripe.fake.secretKey,
        STRIPE_WEBHOOK_SECRET: "whsec_bench_fake_stripe_0123456789",
        STRIPE_PRICE_WEEK: `${prefix}_week`,
        STRIPE_PRICE_MONTH: `${prefix}_month`,
        STRIPE_PRICE_QUARTER: `${prefix}_quarter`,
        STRIPE_PRICE_YEAR: `${prefix}_year`,
        STRIPE_API_BASE: stripe.fake.apiBase,
      },
    });
    let shown = 0;
    const started = performance.now();
    for (let start = 0; start < STRIPE_BENCH.loads; start += STRIPE_BENCH.concurrency) {
      const batch = Array.from({ length: Math.min(STRIPE_BENCH.concurrency, STRIPE_BENCH.loads - start) }, async (_, index) => {
        const response = await fetch(`${server.baseUrl}/payment?period=${PERIODS[(start + index) % PERIODS.length]}`);
        const html = await response.text();
        if (response.status !== 200) throw new Error(`/payment answered ${response.status}`);
        // The plans and the order summary, with a price only Stripe (the fake) knows.
        if (html.includes('data-testid="order-summary"') && html.includes("$39.00")) shown += 1;
      });
      await Promise.all(batch);
    }
    const ms = performance.now() - started;
    const calls = stripe.fake.requests;
    return {
      calls: calls.length,
      prices: calls.filter((call) => call.path.startsWith("/v1/prices/")).length,
      previews: calls.filter((call) => call.path === "/v1/invoices/create_preview").length,
      loads: STRIPE_BENCH.loads,
      shown,
      ms,
    };
  } finally {
    await server?.stop();
    await stripe.close();
  }
}
