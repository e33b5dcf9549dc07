// Deep research (decision 0043): researches of a 12-item plan run inside the bench account's
// object with a provider that answers at once (dev.research-bench.ts, research/bench.ts), so the time per step is the
// app's own (rows, charge, report, message), and the object's storage per report is the row plus the report message.
export const RESEARCH_BENCH = {
  items: 12,
  researches: 5,
  /** The app's own time per step, in milliseconds. */
  stepBudgetMs: 20,
  /** The object's storage per report, in bytes (the report message is capped at 64 KB). */
  storageBudgetBytes: 64_000,
};

/** `bench` is startChatBench's (chat.mjs): a server in development mode and a signed-in cookie. */
export async function measureResearch(bench) {
  const response = await fetch(`${bench.server.baseUrl}/dev/research-bench`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify({ items: RESEARCH_BENCH.items, researches: RESEARCH_BENCH.researches }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST /dev/research-bench answered ${response.status}: ${JSON.stringify(json)}`);
  return json.result;
}
