// Reading a document's text into pages (decision 0031), in the document-reads queue's consumer, never on a
// page request: PDF text page by page (unpdf, pdfjs built for serverless), DOCX one "page" per heading's section
// (mammoth), TXT and Markdown by paragraphs grouped into pages of about 3,000 characters. The libraries are imported
// when a document is read, so they cost the worker's start nothing. Time, text, one page's text and what a DOCX may
// inflate (docx-parts.ts) are capped (SECURITY.md "Documents in chat").
import type { convertToHtml } from "mammoth";
import type { DocumentContentType } from "./check";
import { docxForMammoth } from "./docx-parts";
import type { PageText } from "./operations";

/** A reading that takes longer than this stops: the document fails with document/too-big-to-read. */
export const READ_TIME_CAP_MS = 60_000;
/** Nor may a document yield more text than this. */
export const READ_TEXT_CAP_CHARS = 2_000_000;
/** One PDF page's text stops here (the rest of the page is not extracted): about ten dense pages' worth. */
export const PAGE_TEXT_CAP_CHARS = 50_000;
/** A text file's paragraphs are grouped into pages of about this many characters. */
export const TEXT_PAGE_CHARS = 3_000;

/**
 * Why a reading ended without pages; the document fails with it (not retried: the same bytes fail the same way, and a
 * text that does not fit the storage quota is not kept, decision 0013).
 */
export class ReadFailure extends Error {
  constructor(readonly code: "document/no-text" | "document/too-big-to-read" | "document/corrupt" | "document/storage-full") {
    super(code);
  }
}

export interface ReadProgress {
  /** Pages read since the last call, and how far the reading is (0..99). */
  (pages: PageText[], percent: number): Promise<void>;
}

/** Counts text against the caps as pages arrive, and reports progress about every 10%. */
class Budget {
  private chars = 0;
  private pending: PageText[] = [];
  private reported = 0;
  constructor(
    private readonly started: number,
    private readonly progress: ReadProgress,
    private readonly now: () => number,
  ) {}

  get total() {
    return this.chars;
  }

  checkTime() {
    if (this.now() - this.started > READ_TIME_CAP_MS) throw new ReadFailure("document/too-big-to-read");
  }

  async add(page: PageText, done: number, of: number) {
    this.chars += page.text.length;
    if (this.chars > READ_TEXT_CAP_CHARS) throw new ReadFailure("document/too-big-to-read");
    this.checkTime();
    this.pending.push(page);
    const percent = Math.min(99, Math.floor((done / of) * 100));
    if (percent - this.reported >= 10) await this.flush(percent);
  }

  async flush(percent = this.reported) {
    this.reported = percent;
    const pages = this.pending;
    this.pending = [];
    await this.progress(pages, percent);
  }
}

/** A PDF page's text items, as pdfjs streams them (unpdf's page proxy, reduced to what pageText uses). */
export interface TextStreamPage {
  streamTextContent(): ReadableStream<{ items: ({ str: string; hasEOL?: boolean } | object)[] }>;
}

/**
 * One page's text, at most PAGE_TEXT_CAP_CHARS: the stream is read chunk by chunk and cancelled once the budget is
 * reached, which stops pdfjs's extraction of the rest of the page (it waits on the stream's demand).
 */
export async function pageText(page: TextStreamPage): Promise<string> {
  const reader = page.streamTextContent().getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const item of value.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
    if (text.length >= PAGE_TEXT_CAP_CHARS) {
      await reader.cancel();
      break;
    }
  }
  return text.slice(0, PAGE_TEXT_CAP_CHARS).trim();
}

async function readPdf(bytes: Uint8Array, budget: Budget): Promise<number> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, { isEvalSupported: false });
  } catch {
    throw new ReadFailure("document/corrupt");
  }
  try {
    let withText = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      budget.checkTime();
      const page = await pdf.getPage(number);
      const text = await pageText(page);
      page.cleanup();
      if (text) withText += 1;
      await budget.add({ number, heading: null, text }, number, pdf.numPages);
    }
    if (withText === 0) throw new ReadFailure("document/no-text");
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };
const plain = (html: string) =>
  html
    .replace(/<\/(p|li|tr|h[1-6])>/g, "\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (whole, name: string) =>
      name.startsWith("#x")
        ? String.fromCodePoint(parseInt(name.slice(2), 16))
        : name.startsWith("#") && name !== "#39"
          ? String.fromCodePoint(Number(name.slice(1)))
          : (ENTITIES[name] ?? whole),
    )
    .replace(/\n{3,}/g, "\n\n")
    .trim();

type MammothOptions = Parameters<typeof convertToHtml>[1];
/** Images are dropped, never read: mammoth's default turns each into base64 in the HTML, unbudgeted. */
const dropImage = (() => Promise.resolve([])) as unknown as NonNullable<MammothOptions>["convertImage"];

async function readDocx(bytes: Uint8Array, budget: Budget): Promise<number> {
  // mammoth opens only the parts docxForMammoth inflated under the document's budget and checked (docx-parts.ts).
  const safe = docxForMammoth(bytes);
  if (typeof safe === "string") throw new ReadFailure(safe);
  budget.checkTime();
  const mammoth = await import("mammoth");
  let html: string;
  try {
    // mammoth's Node build (nodejs_compat) takes a Buffer.
    const buffer = Buffer.from(safe.buffer, safe.byteOffset, safe.byteLength);
    html = (await (mammoth.default ?? mammoth).convertToHtml({ buffer }, { convertImage: dropImage })).value;
  } catch {
    throw new ReadFailure("document/corrupt");
  }
  budget.checkTime();
  // Each heading starts a "page" titled by it; what comes before the first heading is a page without one.
  const parts = html.split(/<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/);
  const sections: { heading: string | null; text: string }[] = [];
  if (plain(parts[0] ?? "")) sections.push({ heading: null, text: plain(parts[0]!) });
  for (let index = 1; index < parts.length; index += 2) sections.push({ heading: plain(parts[index]!) || null, text: plain(parts[index + 1] ?? "") });
  return addSections(sections, budget);
}

/** Paragraphs (blank-line separated) grouped into pages; a Markdown page is titled by the heading it falls under. */
async function readText(bytes: Uint8Array, markdown: boolean, budget: Budget): Promise<number> {
  const text = new TextDecoder().decode(bytes).replace(/\r\n?/g, "\n");
  const sections: { heading: string | null; text: string }[] = [];
  let heading: string | null = null;
  let current: string[] = [];
  let size = 0;
  const close = () => {
    if (current.length > 0) sections.push({ heading, text: current.join("\n\n") });
    current = [];
    size = 0;
  };
  for (const paragraph of splitLong(
    text
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean),
  )) {
    const title = markdown ? /^#{1,6}\s+(.+)$/m.exec(paragraph.split("\n")[0]!)?.[1] : undefined;
    if (title || size + paragraph.length > TEXT_PAGE_CHARS) close();
    if (title) heading = title.trim();
    current.push(paragraph);
    size += paragraph.length + 2;
  }
  close();
  return addSections(sections, budget);
}

/** Paragraphs longer than a page are cut at a space near the page size. */
function splitLong(paragraphs: string[]): string[] {
  return paragraphs.flatMap((paragraph) => {
    const pieces: string[] = [];
    let rest = paragraph;
    while (rest.length > TEXT_PAGE_CHARS) {
      const cut = rest.lastIndexOf(" ", TEXT_PAGE_CHARS);
      const at = cut > TEXT_PAGE_CHARS / 2 ? cut : TEXT_PAGE_CHARS;
      pieces.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) pieces.push(rest);
    return pieces;
  });
}

async function addSections(sections: { heading: string | null; text: string }[], budget: Budget): Promise<number> {
  const pages = sections.filter((section) => section.text || section.heading);
  for (const [index, section] of pages.entries()) await budget.add({ number: index + 1, ...section }, index + 1, pages.length);
  if (budget.total === 0 && pages.every((page) => !page.heading)) throw new ReadFailure("document/no-text");
  return pages.length;
}

/**
 * Reads `bytes` into pages, handing them to `progress` as it goes (about every 10%). Answers the page count and the
 * characters read; throws ReadFailure for a document that cannot be read, anything else for a failure worth retrying.
 */
export async function readDocument(
  bytes: Uint8Array,
  contentType: DocumentContentType,
  progress: ReadProgress,
  now: () => number = Date.now,
): Promise<{ pages: number; chars: number }> {
  const budget = new Budget(now(), progress, now);
  const pages =
    contentType === "application/pdf"
      ? await readPdf(bytes, budget)
      : contentType === "text/plain" || contentType === "text/markdown"
        ? await readText(bytes, contentType === "text/markdown", budget)
        : await readDocx(bytes, budget);
  await budget.flush();
  return { pages, chars: budget.total };
}
