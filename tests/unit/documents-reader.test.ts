// The document reader's pages and caps (decision 0031): what the document-reads consumer stores for each type,
// and that a document over the time or text cap, a scan with no text and a damaged file fail with their codes.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { documentKind } from "../../app/.server/documents/check";
import type { PageText } from "../../app/.server/documents/operations";
import { READ_TEXT_CAP_CHARS, READ_TIME_CAP_MS, readDocument, ReadFailure, TEXT_PAGE_CHARS } from "../../app/.server/documents/reader";
import { makeDocx, makePdf, makeScannedPdf, numberedPages } from "../fixtures/make-documents.mjs";

async function read(bytes: Uint8Array, type: Parameters<typeof readDocument>[1], now?: () => number) {
  const pages: PageText[] = [];
  const progress: number[] = [];
  const result = await readDocument(
    bytes,
    type,
    async (more, percent) => {
      pages.push(...more);
      progress.push(percent);
    },
    now,
  );
  return { ...result, pages, progress };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ReadFailure ? error.code : error),
  );
const text = (value: string) => new TextEncoder().encode(value);
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A DOCX whose word/document.xml inflates to over `bytes` while its ZIP headers claim 1 KB (a zip bomb that lies). */
function lyingDocxBomb(bytes: number): Uint8Array {
  const xml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${"a".repeat(bytes)}</w:t></w:r></w:p></w:body></w:document>`;
  const zip = zipSync({ "word/document.xml": strToU8(xml) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The uncompressed size in the local header (offset 22) and in the central directory's entry (offset 24).
  for (let at = 0; at + 4 <= zip.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, 1024, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, 1024, true);
  }
  return zip;
}

describe("documents: recognised by content", () => {
  it("PDF by magic, DOCX by its word/document.xml entry, text by valid UTF-8 without NUL; Markdown by name or type", () => {
    expect(documentKind(makePdf(["x"]), { name: "a.png", type: "image/png" })).toBe("application/pdf");
    expect(documentKind(makeDocx([{ heading: "H", paragraphs: ["p"] }]), { name: "a.zip", type: "" })).toMatch(/wordprocessingml/);
    expect(documentKind(text("# Title\n\nBody"), { name: "notes.md", type: "" })).toBe("text/markdown");
    expect(documentKind(text("plain"), { name: "notes", type: "text/markdown" })).toBe("text/markdown");
    expect(documentKind(text("Günaydın"), { name: "notes.txt", type: "text/plain" })).toBe("text/plain");
    expect(documentKind(Uint8Array.of(0x4d, 0x5a, 0x00, 0x00), { name: "setup.txt", type: "text/plain" })).toBeNull();
    expect(documentKind(Uint8Array.of(0xff, 0xfe, 0x41), { name: "latin.txt", type: "text/plain" })).toBeNull();
  });
});

describe("documents: read into pages", () => {
  it("a PDF page by page, with progress about every 10% and never 100 before the end", async () => {
    const result = await read(makePdf(numberedPages(30, { 17: "The launch code is Zebra-17." })), "application/pdf");
    expect(result.pages.map((page) => page.number)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(result.pages[16]!.text).toContain("Zebra-17");
    expect(result.progress.length).toBeGreaterThanOrEqual(9);
    expect(Math.max(...result.progress)).toBeLessThan(100);
    expect(result).toMatchObject({ pages: expect.any(Array), chars: expect.any(Number) });
  });

  it("a DOCX per heading, the heading kept", async () => {
    const result = await read(
      makeDocx([
        { heading: "Intro", paragraphs: ["Hello & welcome."] },
        { heading: "Terms", paragraphs: ["The fee is 42 euros.", "Paid monthly."] },
      ]),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(result.pages).toEqual([
      { number: 1, heading: "Intro", text: "Hello & welcome." },
      { number: 2, heading: "Terms", text: "The fee is 42 euros.\nPaid monthly." },
    ]);
  });

  it("text by paragraphs in pages of about 3,000 characters; Markdown pages under their heading", async () => {
    const paragraph = "word ".repeat(200).trim();
    const plain = await read(text(Array.from({ length: 10 }, () => paragraph).join("\n\n")), "text/plain");
    expect(plain.pages.length).toBeGreaterThan(2);
    for (const page of plain.pages) expect(page.text.length).toBeLessThanOrEqual(TEXT_PAGE_CHARS + 2);
    const markdown = await read(text("# Setup\n\nInstall it.\n\n# Usage\n\nRun it."), "text/markdown");
    expect(markdown.pages.map((page) => [page.heading, page.text])).toEqual([
      ["Setup", "# Setup\n\nInstall it."],
      ["Usage", "# Usage\n\nRun it."],
    ]);
  });
});

describe("documents: what cannot be read fails with its reason", () => {
  it("a scan with no text layer: document/no-text", async () => {
    expect(await failure(read(makeScannedPdf(2), "application/pdf"))).toBe("document/no-text");
  });

  it("more text than the cap, or longer than the time cap: document/too-big-to-read", async () => {
    const huge = text(Array.from({ length: Math.ceil(READ_TEXT_CAP_CHARS / 1000) + 10 }, () => "x".repeat(999)).join("\n\n"));
    expect(await failure(read(huge, "text/plain"))).toBe("document/too-big-to-read");
    let clock = 0;
    const slow = () => (clock += READ_TIME_CAP_MS / 10);
    expect(await failure(read(makePdf(numberedPages(30)), "application/pdf", slow))).toBe("document/too-big-to-read");
  });

  it("a 20 MB text of one line with no space: cut into pages, then past the text cap, document/too-big-to-read", async () => {
    const started = Date.now();
    expect(await failure(read(text("a".repeat(20 * 1024 * 1024)), "text/plain"))).toBe("document/too-big-to-read");
    expect(Date.now() - started).toBeLessThan(READ_TIME_CAP_MS);
  });

  it("a DOCX whose headers lie about its size is counted as it inflates: stopped once past what they say, document/corrupt", async () => {
    const bomb = lyingDocxBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await failure(read(bomb, DOCX))).toBe("document/corrupt");
  });

  it("a damaged PDF or DOCX: document/corrupt", async () => {
    expect(await failure(read(text("%PDF-1.7 nothing else"), "application/pdf"))).toBe("document/corrupt");
    expect(await failure(read(Uint8Array.of(0x50, 0x4b, 3, 4, 1, 2, 3), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"))).toBe(
      "document/corrupt",
    );
  });
});
