// A single-stroke capital font (A-Z, 0-9, &) on a 4 x 6 grid, so the demo provider can letter its PNG logos without
// any font files. Each glyph is written as polylines "x,y x,y ..." joined by " | ", read once when the module loads;
// letters drawn on another's strokes (Q, R, G, 0) are written as that letter plus what they add.
import type { Point } from "./raster";

type Glyph = readonly (readonly Point[])[];

const O = "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0";
const P = "0,6 0,0 3,0 4,1 4,2 3,3 0,3";
const C = "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5";

const STROKES: Record<string, string> = {
  A: "0,6 2,0 4,6 | 0.8,3.8 3.2,3.8",
  B: "0,3 0,6 3,6 4,5 4,4 3,3 0,3 0,0 3,0 4,1 4,2 3,3",
  C,
  D: "0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0",
  E: "4,0 0,0 0,6 4,6 | 0,3 3,3",
  F: "4,0 0,0 0,6 | 0,3 3,3",
  G: `${C} 4,3.5 2.5,3.5`,
  H: "0,0 0,6 | 4,0 4,6 | 0,3 4,3",
  I: "1,0 3,0 | 2,0 2,6 | 1,6 3,6",
  J: "4,0 4,5 3,6 1,6 0,5",
  K: "0,0 0,6 | 4,0 0,3.5 | 1.3,2.7 4,6",
  L: "0,0 0,6 4,6",
  M: "0,6 0,0 2,3.5 4,0 4,6",
  N: "0,6 0,0 4,6 4,0",
  O,
  P,
  Q: `${O} | 2.5,4.5 4,6.2`,
  R: `${P} | 2,3 4,6`,
  S: "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
  T: "0,0 4,0 | 2,0 2,6",
  U: "0,0 0,5 1,6 3,6 4,5 4,0",
  V: "0,0 2,6 4,0",
  W: "0,0 1,6 2,3 3,6 4,0",
  X: "0,0 4,6 | 4,0 0,6",
  Y: "0,0 2,3 4,0 | 2,3 2,6",
  Z: "0,0 4,0 0,6 4,6",
  "0": `${O} | 0.5,5 3.5,1`,
  "1": "1,1 2,0 2,6 | 1,6 3,6",
  "2": "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
  "3": "0,1 1,0 3,0 4,1 4,2 3,3 1.5,3 | 3,3 4,4 4,5 3,6 1,6 0,5",
  "4": "3,6 3,0 0,4 4,4",
  "5": "4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6",
  "6": "3.5,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
  "7": "0,0 4,0 1.5,6",
  "8": "1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3",
  "9": "4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 0.5,6",
  "&": "4,6 1,2 1,1 2,0 3,1 3,2 0,4 0,5 1,6 2.5,6 4,4",
};

function glyph(strokes: string): Glyph {
  return strokes.split(" | ").map((line) =>
    line.split(" ").map((point): Point => {
      const [x = 0, y = 0] = point.split(",").map(Number);
      return [x, y];
    }),
  );
}

export const GLYPHS: Record<string, Glyph> = Object.fromEntries(Object.entries(STROKES).map(([char, strokes]) => [char, glyph(strokes)]));

/** Upper-cases and folds letters the font lacks onto their base letter (Turkish and most Latin accents). */
export function toGlyphText(text: string): string {
  return text
    .toLocaleUpperCase("tr")
    .replace(/İ/g, "I")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "SS")
    .replace(/[^A-Z0-9& ]/g, "");
}

/** Polylines of `text` at `size` (cap height), centred on (cx, cy). Letters without a glyph are left out. */
export function layoutText(text: string, cx: number, cy: number, size: number, tracking = 0.45): Point[][] {
  const unit = size / 6;
  const chars = [...toGlyphText(text)];
  const advance = (char: string) => (char === " " ? 2.4 : 4 + tracking * 4) * unit;
  const width = chars.reduce((sum, char) => sum + advance(char), 0) - tracking * 4 * unit;
  let x = cx - width / 2;
  const top = cy - size / 2;
  const lines: Point[][] = [];
  for (const char of chars) {
    const glyph = GLYPHS[char];
    if (glyph) for (const line of glyph) lines.push(line.map(([gx, gy]) => [x + gx * unit, top + gy * unit] as Point));
    x += advance(char);
  }
  return lines;
}

/** The width `layoutText` would take, to pick a size that fits. */
export function textWidth(text: string, size: number, tracking = 0.45): number {
  const unit = size / 6;
  const chars = [...toGlyphText(text)];
  return chars.reduce((sum, char) => sum + (char === " " ? 2.4 : 4 + tracking * 4) * unit, 0) - tracking * 4 * unit;
}
