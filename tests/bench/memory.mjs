// Memory's cost (decision 0027), measured through the app against the fake upstream: the extraction job's
// request and answer per turn (the question and answer of one turn, plus the closest kept memories), and the system
// text memory adds to a turn once the account has more memories than the budget holds. The fake reports sizes in
// characters (GET /__memory-calls); tokens are estimated at four characters a token (OpenAI's rule of thumb for
// English) for the extraction, and at three for the prompt, as the app's own budget counts them.
import { randomUUID } from "node:crypto";
import { setMemory } from "./chat.mjs";

export const MEMORY_BENCH = {
  /** Turns that each state one fact: more than the 600-token budget holds, so the selection is what is measured. */
  facts: 60,
  /** Estimated tokens memory may add to a turn's prompt (MEMORY_TOKEN_BUDGET plus the header and instructions' room). */
  promptBudget: 700,
  /** Estimated tokens of one extraction request and its answer. */
  extractionInBudget: 2_500,
  extractionOutBudget: 150,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function turn(bench, message) {
  const response = await fetch(`${bench.server.baseUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message, mode: "send" }),
  });
  if (!response.ok) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  await response.text();
}

async function memoryCalls(bench) {
  const response = await fetch(`${new URL(bench.fake.url).origin}/__memory-calls`);
  return response.json();
}

/** `bench` is startChatBench's (chat.mjs): the fake upstream, a server configured for it, a signed-in cookie. */
export async function measureMemory(bench) {
  // On whatever ran on this bench before (the first-token runs switch it off while they measure).
  await setMemory(bench, true);
  const before = (await memoryCalls(bench)).extractions.length;
  for (let index = 0; index < MEMORY_BENCH.facts; index++) {
    await turn(bench, `I keep a garden diary, entry ${index}: the tomatoes on the north wall did well this week.`);
  }
  // The jobs run on the memory-jobs queue after each answer: wait until every one has reached the fake.
  const deadline = Date.now() + 120_000;
  let calls = await memoryCalls(bench);
  while (calls.extractions.length - before < MEMORY_BENCH.facts) {
    if (Date.now() > deadline) throw new Error(`only ${calls.extractions.length - before} of ${MEMORY_BENCH.facts} extractions reached the upstream`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    calls = await memoryCalls(bench);
  }
  await turn(bench, "Which vegetables should I plant next to the tomatoes?");
  calls = await memoryCalls(bench);
  const extractions = calls.extractions.slice(before);
  const promptChars = calls.systemChars.at(-1) ?? 0;
  return {
    extractionIn: Math.ceil(median(extractions.map((call) => call.promptChars)) / 4),
    extractionOut: Math.ceil(median(extractions.map((call) => call.answerChars)) / 4),
    promptTokens: Math.ceil(promptChars / 3),
    promptChars,
    extractions: extractions.length,
  };
}
