// A deep research report as a PDF (the "Export PDF" download), written by pdf-lib inside the Worker: Chromium is not
// there to print a page. DejaVu Sans is embedded (subset, pdf-fonts.ts) because the PDF standard fonts cannot show
// ğ, ş or ı; decision docs/decisions/0041-research-sources-and-exports.md ("The PDF's font"). The sections'
// Markdown is laid out as paragraphs, lists, sub-headings and tables (rows of cells); the sources are links.
import type { ResearchReport } from "./report";

export async function reportToPdf(report: ResearchReport): Promise<Uint8Array> {
  // A separate chunk, evaluated on the first export only (pdf-render.ts).
  const { renderReportPdf } = await import("./pdf-render");
  return renderReportPdf(report);
}
