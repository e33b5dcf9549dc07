// A TrueType font embedded in a pdf-lib document without fontkit (docs/decisions/0041-research-sources-and-exports.md,
// "The PDF's font"): pdf-lib needs fontkit for any font beyond the 14 standard ones, and fontkit is about 1 MB of the
// Worker's bundle for shaping this export never does. A font already cut to the letters we need (pdf-fonts.ts) only
// needs its character map and widths read: it goes in as a Type0 font with Identity-H encoding (two-byte glyph ids),
// widths for layout, and a ToUnicode map so the text can be searched, copied and read back by pdfjs.
import type { PDFName } from "pdf-lib";
import {
  beginText,
  endText,
  PDFHexString,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
  type RGB,
} from "pdf-lib";

interface Metrics {
  unitsPerEm: number;
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  /** Unicode code point -> glyph id. */
  glyphs: Map<number, number>;
  /** Glyph id -> advance width in font units. */
  advances: number[];
}

/** Reads what the PDF needs from a TrueType file: head, hhea, hmtx and the Unicode BMP character map (format 4). */
export function readTrueType(bytes: Uint8Array): Metrics {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    tables.set(tag, view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`TrueType font without a ${tag} table`);
    return offset;
  };
  const head = table("head");
  const hhea = table("hhea");
  const hmtx = table("hmtx");
  const unitsPerEm = view.getUint16(head + 18);
  const bbox: Metrics["bbox"] = [view.getInt16(head + 36), view.getInt16(head + 38), view.getInt16(head + 40), view.getInt16(head + 42)];
  const metricsCount = view.getUint16(hhea + 34);
  const glyphCount = view.getUint16(table("maxp") + 4);
  const advances: number[] = [];
  for (let glyph = 0; glyph < glyphCount; glyph++) advances.push(view.getUint16(hmtx + 4 * Math.min(glyph, metricsCount - 1)));

  const cmap = table("cmap");
  let subtable = -1;
  for (let index = 0; index < view.getUint16(cmap + 2); index++) {
    const record = cmap + 4 + index * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const offset = cmap + view.getUint32(record + 4);
    if (view.getUint16(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) subtable = offset;
  }
  if (subtable < 0) throw new Error("TrueType font without a Unicode format 4 character map");
  const glyphs = new Map<number, number>();
  const segments = view.getUint16(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment++) {
    const start = view.getUint16(starts + segment * 2);
    const end = view.getUint16(ends + segment * 2);
    const delta = view.getInt16(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph = rangeOffset === 0 ? code + delta : view.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
      if (rangeOffset !== 0 && glyph !== 0) glyph += delta;
      glyph &= 0xffff;
      if (glyph !== 0) glyphs.set(code, glyph);
    }
  }
  return { unitsPerEm, bbox, ascent: view.getInt16(hhea + 4), descent: view.getInt16(hhea + 6), glyphs, advances };
}

const hex4 = (value: number) => value.toString(16).padStart(4, "0");

/** A font drawn by glyph id: what PdfWriter needs of pdf-lib's PDFFont, and drawing by content-stream operators. */
export class EmbeddedTrueType {
  /** The font's name in each page's resources, made once per page. */
  private readonly keys = new WeakMap<PDFPage, PDFName>();

  private constructor(
    private readonly metrics: Metrics,
    readonly ref: PDFRef,
  ) {}

  static embed(doc: PDFDocument, bytes: Uint8Array, name: string): EmbeddedTrueType {
    const metrics = readTrueType(bytes);
    const { context } = doc;
    const scale = 1000 / metrics.unitsPerEm;
    const fontFile = context.flateStream(bytes, { Length1: bytes.length });
    const descriptor = context.obj({
      Type: "FontDescriptor",
      FontName: name,
      Flags: 32,
      FontBBox: metrics.bbox.map((value) => Math.round(value * scale)),
      ItalicAngle: 0,
      Ascent: Math.round(metrics.ascent * scale),
      Descent: Math.round(metrics.descent * scale),
      CapHeight: Math.round(metrics.ascent * scale * 0.7),
      StemV: 80,
      FontFile2: context.register(fontFile),
    });
    const widths = metrics.advances.map((advance) => Math.round(advance * scale));
    const cidFont = context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: [0, widths],
      CIDToGIDMap: "Identity",
    });
    const toUnicode = context.flateStream(EmbeddedTrueType.toUnicodeMap(metrics));
    const font = context.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: name,
      Encoding: "Identity-H",
      DescendantFonts: [context.register(cidFont)],
      ToUnicode: context.register(toUnicode),
    });
    return new EmbeddedTrueType(metrics, context.register(font));
  }

  /** glyph id -> Unicode, in the CMap syntax PDF readers use to turn glyphs back into text. */
  private static toUnicodeMap(metrics: Metrics): string {
    const pairs: string[] = [];
    const seen = new Set<number>();
    for (const [code, glyph] of [...metrics.glyphs].sort((a, b) => a[0] - b[0])) {
      if (seen.has(glyph)) continue;
      seen.add(glyph);
      pairs.push(`<${hex4(glyph)}> <${hex4(code)}>`);
    }
    const chunks: string[] = [];
    for (let index = 0; index < pairs.length; index += 100) {
      const chunk = pairs.slice(index, index + 100);
      chunks.push(`${chunk.length} beginbfchar\n${chunk.join("\n")}\nendbfchar`);
    }
    return [
      "/CIDInit /ProcSet findresource begin",
      "12 dict begin",
      "begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
      "/CMapName /Adobe-Identity-UCS def",
      "/CMapType 2 def",
      "1 begincodespacerange\n<0000> <ffff>\nendcodespacerange",
      ...chunks,
      "endcmap",
      "CMapName currentdict /CMap defineresource pop",
      "end",
      "end",
    ].join("\n");
  }

  /** The code points this font can draw. */
  getCharacterSet(): number[] {
    return [...this.metrics.glyphs.keys()];
  }

  widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const char of text) units += this.metrics.advances[this.metrics.glyphs.get(char.codePointAt(0) ?? 0) ?? 0] ?? 0;
    return (units * size) / this.metrics.unitsPerEm;
  }

  heightAtSize(size: number): number {
    return ((this.metrics.ascent - this.metrics.descent) * size) / this.metrics.unitsPerEm;
  }

  drawText(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: RGB }) {
    let key = this.keys.get(page);
    if (!key) {
      key = page.node.newFontDictionary("F", this.ref);
      this.keys.set(page, key);
    }
    const glyphHex = Array.from(text, (char) => hex4(this.metrics.glyphs.get(char.codePointAt(0) ?? 0) ?? 0)).join("");
    page.pushOperators(
      pushGraphicsState(),
      beginText(),
      setFillingRgbColor(options.color.red, options.color.green, options.color.blue),
      setFontAndSize(key, options.size),
      setTextMatrix(1, 0, 0, 1, options.x, options.y),
      showText(PDFHexString.of(glyphHex)),
      endText(),
      popGraphicsState(),
    );
  }
}
