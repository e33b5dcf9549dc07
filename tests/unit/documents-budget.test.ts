// The document reader's one budget (decision 0031, SECURITY.md "Documents in chat"): a DOCX's parts together within
// 60 MB declared and inflated, each checked against its local header (else damaged), images never inflated; one PDF
// page's text cut at its character budget, the rest of the page never extracted.
import { describe, expect, it } from "vitest";
import { DOCX_INFLATE_BUDGET_BYTES } from "../../app/.server/documents/docx-parts";
import type { PageText } from "../../app/.server/documents/operations";
import { PAGE_TEXT_CAP_CHARS, pageText, readDocument, ReadFailure } from "../../app/.server/documents/reader";
import { makeBombDocx, makeDisagreeingDocx } from "../fixtures/make-hostile-zips.mjs";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function read(bytes: Uint8Array) {
  const pages: PageText[] = [];
  try {
    await readDocument(bytes, DOCX, async (more) => void pages.push(...more));
    return { pages };
  } catch (error) {
    if (error instanceof ReadFailure) return { failure: error.code };
    throw error;
  }
}

describe("documents: a DOCX is read under one budget", () => {
  it("an image part that is a 1 GiB deflate bomb (about 1 MB in the file): document/too-big-to-read, nothing inflated", async () => {
    const bomb = makeBombDocx();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(1024 * 1024 * 1024).toBeGreaterThan(DOCX_INFLATE_BUDGET_BYTES);
    expect(await read(bomb)).toEqual({ failure: "document/too-big-to-read" });
  });

  it("the same bomb declared as 1 KB is an image, so it is never inflated: the document's text is read", async () => {
    const result = await read(makeBombDocx({ declared: 1024 }));
    expect(result.pages?.map((page) => page.heading)).toEqual(["Tides"]);
    expect(result.pages?.[0]?.text).toContain("spring tide");
  });

  it("a part mammoth opens that lies about its size is stopped once past it: document/corrupt", async () => {
    expect(await read(makeBombDocx({ declared: 1024, part: "word/styles.xml" }))).toEqual({ failure: "document/corrupt" });
  });

  it.each(["name", "size", "method"] as const)("a local header whose %s disagrees with the central directory: document/corrupt", async (what) => {
    expect(await read(makeDisagreeingDocx(what))).toEqual({ failure: "document/corrupt" });
  });
});

describe("documents: one PDF page's text has a budget", () => {
  it(`cut at ${PAGE_TEXT_CAP_CHARS.toLocaleString("en")} characters, and the rest of the page's stream is cancelled, not read`, async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = { items: [{ str: "x".repeat(1000), hasEOL: false }] };
    const page = {
      streamTextContent: () =>
        new ReadableStream<typeof chunk>(
          {
            pull(controller) {
              pulled += 1;
              controller.enqueue(chunk);
            },
            cancel() {
              cancelled = true;
            },
          },
          { highWaterMark: 0 },
        ),
    };
    const text = await pageText(page);
    expect(text).toHaveLength(PAGE_TEXT_CAP_CHARS);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(PAGE_TEXT_CAP_CHARS / 1000 + 2);
  });
});
