// Documents in chat (decision 0031): how long the app's reader takes for a 300-page PDF and how much memory
// it needs (in Node, the same code the document-reads consumer runs: Node's process.memoryUsage(), sampled every 5 ms,
// heap and external buffers; workerd's isolate is not observable from outside), and how much a question on a long
// document adds to the prompt, measured through the app against the fake upstream (the size of the system text and the
// documents block, with the document attached minus without, tokens estimated as characters / 4 as the app's budget counts them).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { ROOT } from "../e2e/server.mjs";

export const DOCUMENTS_BENCH = {
  pages: 300,
  /** Reading a 300-page PDF, against the reader's 60 s cap. */
  readBudgetMs: 20_000,
  /** Estimated tokens a long document's passages add to a turn (DOCUMENT_PASSAGE_TOKENS plus labels and instructions). */
  promptBudget: 3_500,
};

/** Pages of about 2,000 characters, the fill of a dense report, with one sentence to find on page 17. */
const longPages = (count) =>
  numberedPages(count, { 17: "The launch code is Zebra-17 and it opens the north gate." }).map(
    (text) => `${text} ${text} ${text} ${text} ${text} ${text} ${text}`,
  );

/** The app's reader module (TypeScript) bundled for Node, its packages left to node_modules. */
async function loadReader() {
  // Inside the project, so the bundle's imports resolve to its node_modules.
  const dir = mkdtempSync(join(ROOT, "node_modules", ".cache-bench-reader-"));
  const outfile = join(dir, "reader.mjs");
  await build({
    entryPoints: [join(ROOT, "app/.server/documents/reader.ts")],
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "error",
  });
  return { module: await import(pathToFileURL(outfile).href), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function measureDocumentReading() {
  const bytes = makePdf(longPages(DOCUMENTS_BENCH.pages));
  // pdfjs takes the buffer over (it is detached after reading), so its size is noted first.
  const fileBytes = bytes.length;
  const { module, cleanup } = await loadReader();
  try {
    globalThis.gc?.();
    const before = process.memoryUsage();
    let peak = before.heapUsed + before.external + before.arrayBuffers;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.external + now.arrayBuffers);
    }, 5);
    let progressCalls = 0;
    const started = performance.now();
    const read = await module.readDocument(bytes, "application/pdf", async () => void (progressCalls += 1));
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = process.memoryUsage();
    peak = Math.max(peak, after.heapUsed + after.external + after.arrayBuffers);
    return { ms, peakBytes: peak - (before.heapUsed + before.external + before.arrayBuffers), fileBytes, chars: read.chars, pages: read.pages, progressCalls };
  } finally {
    cleanup();
  }
}

async function systemChars(bench) {
  const response = await fetch(`${new URL(bench.fake.url).origin}/__memory-calls`);
  return (await response.json()).systemChars.at(-1) ?? 0;
}

async function ask(bench, message, attachmentId) {
  const response = await fetch(`${bench.server.baseUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message, mode: "send", ...(attachmentId ? { attachmentId } : {}) }),
  });
  if (!response.ok) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  await response.text();
  return systemChars(bench);
}

/** `bench` is startChatBench's (chat.mjs): uploads a 120-page PDF, waits until the queue has read it, asks about it. */
export async function measureDocumentPrompt(bench) {
  const form = new FormData();
  form.set("file", new File([makePdf(longPages(120))], "manual.pdf", { type: "application/pdf" }));
  const uploaded = await fetch(`${bench.server.baseUrl}/api/uploads`, {
    method: "POST",
    headers: { Cookie: bench.cookie, Origin: bench.server.baseUrl },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`POST /api/uploads answered ${uploaded.status}: ${await uploaded.text()}`);
  const { id } = await uploaded.json();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { document } = await (await fetch(`${bench.server.baseUrl}/api/documents/${id}`, { headers: { Cookie: bench.cookie } })).json();
    if (document.state === "ready") break;
    if (document.state === "failed" || Date.now() > deadline) throw new Error(`the document was not read: ${JSON.stringify(document)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const question = "What is the launch code for the north gate?";
  const without = await ask(bench, question);
  const withDocument = await ask(bench, question, id);
  const added = withDocument - without;
  return { chars: added, tokens: Math.ceil(added / 4) };
}

/**
 * A visitor's upload of the 102-byte ZIP64 file declaring 10^8 entries (SECURITY.md "Documents in chat"), with a page
 * asked at the same moment: both timed through the running app. The old fflate walk took about 17 s of CPU here.
 */
export async function measureZip64Upload(baseUrl) {
  const { makeZip64Count } = await import("../fixtures/make-hostile-zips.mjs");
  const form = new FormData();
  form.set("file", new File([makeZip64Count(1e8)], "report.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }));
  const timed = async (request) => {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  // Warm: the first request of a fresh server loads the app.
  await (await fetch(`${baseUrl}/web-main`)).arrayBuffer();
  const [upload, page] = await Promise.all([
    timed(() => fetch(`${baseUrl}/api/uploads`, { method: "POST", body: form, headers: { Origin: baseUrl } })),
    timed(() => fetch(`${baseUrl}/web-main`)),
  ]);
  return { ms: upload.ms, detail: `answered ${upload.status}; /web-main asked meanwhile: ${page.status} in ${Math.round(page.ms)} ms` };
}
