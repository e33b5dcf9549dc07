// A small page layout over pdf-lib for the research PDF export: wrapped paragraphs, headings, simple tables as rows,
// link annotations (URI actions) and page breaks, top to bottom on A4. Kept apart from export-pdf.ts, which says
// what a report looks like; this says how text is put on pages.
import { PDFString, rgb, type PDFDocument, type PDFPage, type RGB } from "pdf-lib";
import type { EmbeddedTrueType } from "./pdf-truetype";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FOOTER_SPACE = 28;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
export const LINK = rgb(0.05, 0.3, 0.75);

export interface TextStyle {
  font: EmbeddedTrueType;
  size: number;
  color?: RGB;
  /** Space before the block, in points. */
  before?: number;
  indent?: number;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];
  private readonly covered: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: EmbeddedTrueType,
  ) {
    this.covered = new Set(regular.getCharacterSet());
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Text the font can draw: tabs and line breaks as spaces, a letter outside the subset as "?". */
  clean(text: string): string {
    return Array.from(text.replace(/[\t\r\n\v\f]/g, " "), (char) => (this.covered.has(char.codePointAt(0) ?? 0) ? char : "?")).join("");
  }

  /** Lines of at most `width` points; a word longer than a line is cut. */
  wrap(text: string, font: EmbeddedTrueType, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of this.clean(text).split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  /** A wrapped paragraph; returns each line's box (for links over them). */
  paragraph(text: string, style: TextStyle): { page: PDFPage; x: number; y: number; width: number; height: number }[] {
    const indent = style.indent ?? 0;
    const lineHeight = style.size * 1.35;
    const boxes: { page: PDFPage; x: number; y: number; width: number; height: number }[] = [];
    this.y -= style.before ?? 0;
    for (const line of this.wrap(text, style.font, style.size, CONTENT_WIDTH - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      const x = MARGIN + indent;
      style.font.drawText(this.page, line, { x, y: this.y + style.size * 0.3, size: style.size, color: style.color ?? INK });
      boxes.push({ page: this.page, x, y: this.y, width: style.font.widthOfTextAtSize(line, style.size), height: lineHeight });
    }
    return boxes;
  }

  /** A table: columns of equal width, cells wrapped, a rule under each row, the header row in bold. */
  table(rows: string[][], bold: EmbeddedTrueType, size: number) {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const cellWidth = CONTENT_WIDTH / columns;
    const lineHeight = size * 1.3;
    this.y -= 4;
    rows.forEach((row, rowIndex) => {
      const font = rowIndex === 0 ? bold : this.regular;
      const cells = Array.from({ length: columns }, (_, column) => this.wrap(row[column] ?? "", font, size, cellWidth - 8));
      const height = Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight + 6;
      this.ensure(height);
      cells.forEach((lines, column) => {
        lines.forEach((line, index) => {
          const y = this.y - 3 - (index + 1) * lineHeight + size * 0.3;
          font.drawText(this.page, line, { x: MARGIN + column * cellWidth + 4, y, size, color: INK });
        });
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + CONTENT_WIDTH, y: this.y }, thickness: 0.5, color: MUTED });
    });
  }

  /** A clickable area opening `url` (a URI action); only http(s) addresses become links. */
  link(box: { page: PDFPage; x: number; y: number; width: number; height: number }, url: string) {
    let href: string;
    try {
      href = new URL(url).href;
    } catch {
      return;
    }
    if (!/^https?:\/\//.test(href)) return;
    // pdf-lib writes a literal string as given: the characters a PDF string must escape are percent-encoded instead.
    const uri = href.replace(/[()\\]/g, (char) => ({ "(": "%28", ")": "%29", "\\": "%5C" })[char] ?? char);
    const annotation = this.doc.context.register(
      this.doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [box.x, box.y, box.x + box.width, box.y + box.height],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(uri) },
      }),
    );
    box.page.node.addAnnot(annotation);
  }

  /** "Page n of total" at the foot of every page. */
  footers(label: (n: number, total: number) => string, font: EmbeddedTrueType) {
    this.pages.forEach((page, index) => {
      const text = this.clean(label(index + 1, this.pages.length));
      const width = font.widthOfTextAtSize(text, 8);
      font.drawText(page, text, { x: (PAGE_WIDTH - width) / 2, y: MARGIN / 2, size: 8, color: MUTED });
    });
  }
}
