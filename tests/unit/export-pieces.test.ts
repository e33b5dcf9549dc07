// A thread's export written in pieces (a long thread in "Download my data", decision 0018) is byte for byte the file the
// thread export makes whole, and a JSON array written page by page is what JSON.stringify makes of the whole array.
import { describe, expect, it } from "vitest";
import { exportPieces, renderExport, type ExportContent } from "../../app/.server/chat/export";
import { jsonArrayParts } from "../../app/.server/exports/zip-writer";

const labels = { you: "You", assistant: "Assistant", demoModel: null };
const thread = { title: 'Quotes "and"\nnew lines', createdAt: Date.UTC(2026, 0, 1) };
const messages: ExportContent["messages"] = [
  { role: "user", content: 'Line one\nline "two" \\ \u2028 tab\t', model: null, createdAt: Date.UTC(2026, 0, 1, 1) },
  { role: "assistant", content: "  Answer with spaces  ", model: "gpt-4o-mini", createdAt: Date.UTC(2026, 0, 1, 2) },
  { role: "assistant", content: "İzmir, ğüşöç", model: null, createdAt: Date.UTC(2026, 0, 1, 3) },
];

function joined(count: number, format: "md" | "json") {
  const pieces = exportPieces(thread, format, labels);
  return (
    pieces.head +
    messages
      .slice(0, count)
      .map((message, index) => pieces.message(message, index === 0))
      .join("") +
    pieces.tail(count > 0)
  );
}

async function collect(parts: AsyncIterable<string>) {
  let text = "";
  for await (const part of parts) text += part;
  return text;
}

async function* pagesOf<Item>(...pages: Item[][]) {
  for (const page of pages) yield page;
}

describe("a thread's export in pieces", () => {
  for (const count of [0, 1, 3])
    it(`is the whole file with ${count} messages`, () => {
      const json = joined(count, "json");
      expect(json).toBe(
        `${JSON.stringify({ title: thread.title, createdAt: "2026-01-01T00:00:00.000Z", messages: messages.slice(0, count).map((message) => ({ role: message.role, content: message.content, model: message.model, createdAt: new Date(message.createdAt).toISOString() })) }, null, 2)}\n`,
      );
      expect(json).toBe(renderExport({ thread, messages: messages.slice(0, count) }, "json", labels).body);
      expect(joined(count, "md")).toBe(renderExport({ thread, messages: messages.slice(0, count) }, "md", labels).body);
    });

  it("writes a JSON array read in pages as JSON.stringify writes it whole", async () => {
    const items = [{ a: 1, b: ["x", { c: null }] }, { a: 2, b: [] }, { text: "line\nbreak" }];
    expect(await collect(jsonArrayParts(pagesOf(items.slice(0, 2), [], items.slice(2))))).toBe(`${JSON.stringify(items, null, 2)}\n`);
    expect(await collect(jsonArrayParts(pagesOf<unknown>()))).toBe("[]\n");
    expect(await collect(jsonArrayParts(pagesOf<unknown>([], [])))).toBe(`${JSON.stringify([], null, 2)}\n`);
  });
});
