// Writes the research PDF (loaded by export-pdf.ts only when a PDF is asked for: pdf-lib and the font are most of
// the bytes the export adds, and no other request should parse them).
import { PDFDocument } from "pdf-lib";
import { EmbeddedTrueType } from "./pdf-truetype";
import { markdownBlocks, plainInline } from "./pdf-blocks";
import { INK, LINK, MUTED, PdfWriter } from "./pdf-layout";
import { BOLD_TTF_BASE64, REGULAR_TTF_BASE64 } from "./pdf-fonts";
import { fill, reportStrings } from "./report-strings";
import type { ResearchReport } from "./report";

export async function renderReportPdf(report: ResearchReport): Promise<Uint8Array> {
  const strings = reportStrings(report.language);
  const doc = await PDFDocument.create();
  const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const regular = EmbeddedTrueType.embed(doc, bytes(REGULAR_TTF_BASE64), "DejaVuSans");
  const bold = EmbeddedTrueType.embed(doc, bytes(BOLD_TTF_BASE64), "DejaVuSans-Bold");
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
