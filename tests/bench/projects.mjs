// Projects' retrieval (decision 0038-projects): a project of 200 files of 50 pages is seeded into the bench account's
// object (dev.project-bench.ts), and the retrieval a project chat's turn runs (projects/retrieval.ts) is timed inside the
// object, where the app runs it, with the estimated tokens its passages add to the prompt.
import { randomUUID } from "node:crypto";
import { percentile } from "./chat.mjs";

export const PROJECTS_BENCH = {
  files: 200,
  pages: 50,
  /** p50 of one retrieval inside the object, in milliseconds. */
  retrievalBudgetMs: 20,
  /** Estimated tokens the passages may add (PROJECT_PASSAGE_TOKENS). */
  promptBudget: 4_000,
};

const TOPICS = ["boiler", "roof", "tiles", "wiring", "plumbing", "windows", "insulation", "garden", "kitchen", "permits"];

/** A page of about 1,000 characters: filler in the file's topic, and on page 37 of file 123 the sentence asked about. */
function pageText(file, page) {
  const topic = TOPICS[file % TOPICS.length];
  const filler = `File ${file} page ${page} discusses ${topic} work, schedules, suppliers, costs and the order of the renovation steps in the flat.`;
  const text = Array.from({ length: 7 }, () => filler).join(" ");
  return file === 123 && page === 37 ? `${text} The circuit breaker for the sauna heater is rated at thirty two amperes.` : text;
}

async function projectBench(bench, body) {
  const response = await fetch(`${bench.server.baseUrl}/dev/project-bench`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST /dev/project-bench (${body.intent}) answered ${response.status}: ${JSON.stringify(json)}`);
  return json.result;
}

/** `bench` is startChatBench's (chat.mjs): a server in development mode and a signed-in cookie. */
export async function measureProjectRetrieval(bench) {
  const projectId = randomUUID();
  for (let file = 0; file < PROJECTS_BENCH.files; file++) {
    const pages = Array.from({ length: PROJECTS_BENCH.pages }, (_, index) => pageText(file, index + 1));
    await projectBench(bench, { intent: "seed", projectId, fileIndex: file, pages });
  }
  const result = await projectBench(bench, {
    intent: "time",
    projectId,
    question: "What is the circuit breaker for the sauna heater rated at?",
    rounds: 20,
    perRound: 5,
  });
  if (result.best !== "file-123.pdf p. 37") throw new Error(`the retrieval ranked ${result.best} first`);
  // The worst case: a question whose every telling word is on every page, so bm25 scores all 10,000.
  const everywhere = await projectBench(bench, { intent: "time", projectId, question: "How are the renovation costs ordered?", rounds: 10, perRound: 3 });
  return {
    p50: percentile(result.perCall, 50),
    p95: percentile(result.perCall, 95),
    everywhereP50: percentile(everywhere.perCall, 50),
    tokens: result.tokens,
    pages: result.pages,
    files: result.files,
  };
}
