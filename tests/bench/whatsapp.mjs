// The WhatsApp webhook's acknowledgement time (decision 0010): how long Meta waits for our 200 when 50 signed deliveries
// arrive at once, against `wrangler dev` serving both workers with the bundled fake Graph API. The answers are made
// after the 200 (the inbox queue), so what is timed is the receiving half: signature, wamid record, queue send.
import { createHmac } from "node:crypto";
import { startFakeGraph } from "../mocks/fake-graph.mjs";
import { messageDelivery, TEST_BUSINESS_NUMBER, TEST_PHONE_NUMBER_ID } from "../mocks/whatsapp-payloads.mjs";

export const WHATSAPP_BENCH = { concurrency: 50, rounds: 6, warmup: 10, single: 40 };

const SECRET = "bench-app-secret";

function delivery(index, round) {
  const from = `4477${String(round).padStart(2, "0")}${String(index).padStart(6, "0")}`;
  return JSON.stringify(messageDelivery({ from, id: `wamid.bench.${round}.${index}.${Date.now()}`, name: "Bench", text: "hello" }));
}

/** POSTs a delivery signed with the app secret; `forged` signs other bytes, so the worker refuses it (401) at the signature. */
async function post(baseUrl, body, forged = false) {
  const signature = `sha256=${createHmac("sha256", SECRET)
    .update(forged ? `${body} ` : body)
    .digest("hex")}`;
  const started = performance.now();
  const response = await fetch(`${baseUrl}/whatsapp/webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== (forged ? 401 : 200)) throw new Error(`webhook answered ${response.status}${forged ? " to a forged signature" : ""}`);
  return ms;
}

/**
 * Returns { single, acks, refused: number[] (ms), replies, expected } after WHATSAPP_BENCH.rounds rounds of concurrent
 * deliveries. `refused` is the dev server's floor for the same bursts: as many rounds of deliveries with a forged
 * signature, refused before anything is read or queued, taken once the answers are made (decision 0026).
 */
export async function measureWebhookAcks(startServer) {
  const graph = await startFakeGraph({ port: 0, accessToken: "bench-access-token" });
  let server;
  try {
    server = await startServer({
      label: "bench-whatsapp",
      devtools: false,
      vars: {
        WHATSAPP_APP_SECRET: SECRET,
        WHATSAPP_VERIFY_TOKEN: "bench-verify",
        WHATSAPP_ACCESS_TOKEN: "bench-access-token",
        WHATSAPP_PHONE_NUMBER_ID: TEST_PHONE_NUMBER_ID,
        WHATSAPP_BUSINESS_NUMBER: TEST_BUSINESS_NUMBER,
        WHATSAPP_GRAPH_URL: graph.url,
      },
    });
    for (let index = 0; index < WHATSAPP_BENCH.warmup; index++) await post(server.baseUrl, delivery(index, 99));
    // One delivery at a time on the warm worker (the contract's 250 ms), then bursts of 50.
    const single = [];
    for (let index = 0; index < WHATSAPP_BENCH.single; index++) {
      single.push(await post(server.baseUrl, delivery(index, 98)));
      // Its answer is made meanwhile; let it finish so the next delivery is timed on a quiet worker.
      const deadline = Date.now() + 5_000;
      while (graph.requests().filter((request) => request.body?.type === "text").length < WHATSAPP_BENCH.warmup + index + 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    /** WHATSAPP_BENCH.rounds bursts of WHATSAPP_BENCH.concurrency deliveries at once, from numbers of `firstRound` on. */
    const bursts = async (firstRound, forged = false) => {
      const times = [];
      for (let round = firstRound; round < firstRound + WHATSAPP_BENCH.rounds; round++) {
        const bodies = Array.from({ length: WHATSAPP_BENCH.concurrency }, (_, index) => delivery(index, round));
        times.push(...(await Promise.all(bodies.map((body) => post(server.baseUrl, body, forged)))));
      }
      return times;
    };
    const acks = await bursts(0);
    // Every accepted message is answered after its 200: wait (bounded) for the replies, to report them too.
    const expected = WHATSAPP_BENCH.warmup + WHATSAPP_BENCH.single + WHATSAPP_BENCH.rounds * WHATSAPP_BENCH.concurrency;
    const deadline = Date.now() + 60_000;
    const replies = () => graph.requests().filter((request) => request.body?.type === "text").length;
    while (replies() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    const answered = replies();
    const refused = await bursts(50, true);
    return { single, acks, refused, replies: answered, expected };
  } finally {
    await server?.stop();
    await graph.close();
  }
}
