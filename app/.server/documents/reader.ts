// Reading a document's text into pages (issue 35, decision 0031), in the document-reads queue's consumer, never on a
// page request: PDF text page by page (unpdf, pdfjs built for serverless), DOCX one "page" per heading's section
// (mammoth), TXT and Markdown by paragraphs grouped into pages of about 3,000 characters. The libraries are imported
// when a document is read, so they cost the worker's start nothing. Time and text are capped (SECURITY.md).
import type { DocumentContentType } from "./check";
import type { PageText } from "./operations";

/** A reading that takes longer than this stops: the document fails with document/too-big-to-read. */
export const READ_TIME_CAP_MS = 60_000;
/** Nor may a document yield more text than this. */
export const READ_TEXT_CAP_CHARS = 2_000_000;
/** A DOCX whose main part inflates past this is not opened (a ZIP bomb). */
const DOCX_XML_CAP_BYTES = 50 * 1024 * 1024;
/** A text file's paragraphs are grouped into pages of about this many characters. */
export const TEXT_PAGE_CHARS = 3_000;

/** Why a reading ended without pages; the document fails with it (not retried: the same bytes fail the same way). */
export class ReadFailure extends Error {
  constructor(readonly code: "document/no-text" | "document/too-big-to-read" | "document/corrupt") {
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
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        .trim();
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

/** Compressed bytes handed to the inflater at a time: at deflate's most (about 1,032:1) one step makes at most 17 MB. */
const INFLATE_STEP_BYTES = 16 * 1024;

/**
 * Whether the DOCX's word/document.xml inflates past DOCX_XML_CAP_BYTES. Counted by inflating it in small steps and
 * stopping at the cap, never read from the ZIP's headers: their sizes are the sender's word, and a bomb that claims
 * 1 KB would otherwise be inflated whole by mammoth (SECURITY.md "Documents in chat").
 */
async function docxTooBig(bytes: Uint8Array): Promise<boolean> {
  const { Unzip, UnzipInflate } = await import("fflate");
  let inflated = 0;
  let tooBig = false;
  const unzip = new Unzip((file) => {
    if (file.name !== "word/document.xml") return;
    file.ondata = (error, chunk) => {
      if (error) throw error;
      inflated += chunk.length;
      if (inflated > DOCX_XML_CAP_BYTES && !tooBig) {
        tooBig = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !tooBig; at += INFLATE_STEP_BYTES) {
      unzip.push(bytes.subarray(at, at + INFLATE_STEP_BYTES), at + INFLATE_STEP_BYTES >= bytes.length);
    }
  } catch {
    throw new ReadFailure("document/corrupt");
  }
  return tooBig;
}

async function readDocx(bytes: Uint8Array, budget: Budget): Promise<number> {
  if (await docxTooBig(bytes)) throw new ReadFailure("document/too-big-to-read");
  const mammoth = await import("mammoth");
  let html: string;
  try {
    // mammoth's Node build (nodejs_compat) takes a Buffer.
    html = (await (mammoth.default ?? mammoth).convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })).value;
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
