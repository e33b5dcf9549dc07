// A deep research report as a PDF (the "Export PDF" download), written by pdf-lib inside the Worker: Chromium is not
// there to print a page. DejaVu Sans is embedded (subset, pdf-fonts.ts) because the PDF standard fonts cannot show
// ğ, ş or ı; decision docs/decisions/NNNN-resx-research-sources-and-exports.md ("The PDF's font"). The sections'
// Markdown is laid out as paragraphs, lists, sub-headings and tables (rows of cells); the sources are links.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { INK, LINK, MUTED, PdfWriter } from "./pdf-layout";
import { BOLD_TTF_BASE64, REGULAR_TTF_BASE64 } from "./pdf-fonts";
import { fill, reportStrings } from "./report-strings";
import type { ResearchReport } from "./report";

export type Block = { kind: "paragraph"; text: string } | { kind: "item"; marker: string; text: string } | { kind: "heading"; text: string } | { kind: "table"; rows: string[][] };

/** Markdown inline syntax removed: link and image text kept, emphasis and code marks dropped, escapes resolved. */
export function plainInline(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`+/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, "$1");
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => plainInline(cell.trim()));
}

/** The section's Markdown as blocks the layout knows. Anything else reads as a paragraph of its text. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let table: string[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: plainInline(paragraph.join(" ")) });
    paragraph = [];
    if (table) blocks.push({ kind: "table", rows: table });
    table = null;
  };
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("|")) {
      if (!table) {
        flush();
        table = [];
      }
      if (!/^\|?\s*:?-{2,}/.test(line)) table.push(tableCells(line));
      continue;
    }
    if (table) flush();
    if (line === "" || /^(```|~~~)/.test(line) || /^([-*_])\s*(\1\s*){2,}$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^([-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", text: plainInline(heading[1] ?? "") });
    } else if (item) {
      flush();
      const marker = /^\d/.test(item[1] ?? "") ? (item[1] ?? "") : "•";
      blocks.push({ kind: "item", marker, text: plainInline(item[2] ?? "") });
    } else {
      paragraph.push(line.replace(/^>\s?/, ""));
    }
  }
  flush();
  return blocks;
}

export async function reportToPdf(report: ResearchReport): Promise<Uint8Array> {
  const strings = reportStrings(report.language);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Not subset again: the embedded font is already cut to Latin letters (34 KB), and pdf-lib's own subsetting has
  // dropped glyphs of some TrueType fonts.
  const [regular, bold] = await Promise.all([
    doc.embedFont(Uint8Array.from(atob(REGULAR_TTF_BASE64), (char) => char.charCodeAt(0)), { subset: false }),
    doc.embedFont(Uint8Array.from(atob(BOLD_TTF_BASE64), (char) => char.charCodeAt(0)), { subset: false }),
  ]);
  doc.setTitle(report.title);
  doc.setLanguage(report.language);
  doc.setCreator("Deep research");

  const page = new PdfWriter(doc, regular);
  page.paragraph(report.title, { font: bold, size: 20 });
  if (report.summary.trim()) page.paragraph(plainInline(report.summary), { font: regular, size: 11.5, before: 10 });
  if (report.incomplete) page.paragraph(strings.incomplete, { font: regular, size: 10, color: MUTED, before: 8 });

  for (const section of report.sections) {
    page.paragraph(section.heading, { font: bold, size: 14.5, before: 16 });
    for (const block of markdownBlocks(section.markdown)) {
      if (block.kind === "heading") page.paragraph(block.text, { font: bold, size: 12, before: 8 });
      else if (block.kind === "paragraph") page.paragraph(block.text, { font: regular, size: 10.5, before: 6 });
      else if (block.kind === "item") page.paragraph(`${block.marker} ${block.text}`, { font: regular, size: 10.5, before: 3, indent: 12 });
      else page.table(block.rows, bold, 9.5);
    }
  }

  if (report.sources.length > 0) {
    page.paragraph(strings.sources, { font: bold, size: 14.5, before: 18 });
    for (const source of [...report.sources].sort((a, b) => a.n - b.n)) {
      const details = [source.title.trim() || source.site, source.site, source.date].filter(Boolean).join(" — ");
      const mark = source.check === "unchecked" ? ` (${strings.unchecked})` : "";
      const titleBoxes = page.paragraph(`[${source.n}] ${details}${mark}`, { font: regular, size: 10, color: INK, before: 6 });
      const urlBoxes = page.paragraph(source.url, { font: regular, size: 9, color: LINK, indent: 16 });
      for (const box of [...titleBoxes, ...urlBoxes]) page.link(box, source.url);
    }
  }
  page.footers((n, total) => fill(strings.page, { n, total }), regular);
  return doc.save();
}
