// The chart wheel as an SVG document, drawn on the server from the chart's numbers: the page shows this markup
// inline, the downloads serialise it, and "Save to gallery" stores the same text, so there is one drawing and no
// SVG from a browser is ever stored (decision 0016). Ascendant on the left (0° Aries without a birth time),
// longitudes counter-clockwise, as charts are read. Fixed colours on white: the file looks the same anywhere.
import { ZODIAC_SIGNS } from "../../lib/schemas/horoscope";
import type { Planet } from "./astronomy";
import type { AspectKind, NatalChart } from "./chart";
import { escapeMarkup } from "../markup";

export const CHART_SIZE = 640;
const C = CHART_SIZE / 2;
const R = { outer: 308, signs: 262, houses: 226, bodies: 190, aspects: 150 };

const SIGN_GLYPHS = ["♈", "♉", "♊", "♋", "♌", "♍", "♎", "♏", "♐", "♑", "♒", "♓"];
export const PLANET_GLYPHS: Record<Planet, string> = {
  sun: "☉",
  moon: "☽",
  mercury: "☿",
  venus: "♀",
  mars: "♂",
  jupiter: "♃",
  saturn: "♄",
  uranus: "♅",
  neptune: "♆",
  pluto: "♇",
};
/** Fire, earth, air, water: the sign ring's tints. */
const ELEMENT_FILLS = ["#fde2d4", "#e4efd9", "#fdf6d3", "#dbe9f7"];
const ASPECT_STYLE: Record<AspectKind, { stroke: string; dash?: string } | null> = {
  conjunction: null,
  sextile: { stroke: "#2b8a3e", dash: "6 4" },
  square: { stroke: "#c92a2a" },
  trine: { stroke: "#1c7ed6" },
  opposition: { stroke: "#c92a2a", dash: "10 4" },
};

const fixed = (value: number) => (Math.round(value * 100) / 100).toString();

export interface ChartSvgLabels {
  /** The accessible name, e.g. "Birth chart". */
  name: string;
  /** A longer description (the placements in words) for <desc>. */
  description: string;
  ascendant: string;
  midheaven: string;
}

export function renderChartSvg(chart: NatalChart, labels: ChartSvgLabels): string {
  const reference = chart.ascendant ?? 0;
  const point = (lon: number, radius: number) => {
    const theta = ((180 + lon - reference) * Math.PI) / 180;
    return [C + radius * Math.cos(theta), C - radius * Math.sin(theta)] as const;
  };
  const line = (lon: number, from: number, to: number, attrs: string) => {
    const [x1, y1] = point(lon, from);
    const [x2, y2] = point(lon, to);
    return `<line x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}" ${attrs}/>`;
  };
  const text = (lon: number, radius: number, content: string, attrs: string) => {
    const [x, y] = point(lon, radius);
    return `<text x="${fixed(x)}" y="${fixed(y)}" text-anchor="middle" dominant-baseline="central" ${attrs}>${escapeMarkup(content)}</text>`;
  };
  const parts: string[] = [];
  parts.push(`<rect width="${CHART_SIZE}" height="${CHART_SIZE}" fill="#ffffff"/>`);

  // The sign ring: twelve 30° sectors tinted by element, each with its glyph.
  ZODIAC_SIGNS.forEach((sign, index) => {
    const start = index * 30;
    const [ax, ay] = point(start, R.outer);
    const [bx, by] = point(start + 30, R.outer);
    const [cx, cy] = point(start + 30, R.signs);
    const [dx, dy] = point(start, R.signs);
    parts.push(
      `<path data-sign="${sign}" d="M${fixed(ax)} ${fixed(ay)} A${R.outer} ${R.outer} 0 0 0 ${fixed(bx)} ${fixed(by)} L${fixed(cx)} ${fixed(cy)} A${R.signs} ${R.signs} 0 0 1 ${fixed(dx)} ${fixed(dy)} Z" fill="${ELEMENT_FILLS[index % 4]}" stroke="#495057" stroke-width="1"/>`,
    );
    parts.push(text(start + 15, (R.outer + R.signs) / 2, SIGN_GLYPHS[index]!, `font-size="24" fill="#212529"`));
  });
  parts.push(`<circle cx="${C}" cy="${C}" r="${R.houses}" fill="none" stroke="#adb5bd" stroke-width="1"/>`);
  parts.push(`<circle cx="${C}" cy="${C}" r="${R.aspects}" fill="#f8f9fa" stroke="#495057" stroke-width="1"/>`);

  // Whole-sign houses: cusps on the sign boundaries from the rising sign, numbered inside the house ring.
  if (chart.houses) {
    chart.houses.forEach((cusp, index) => {
      parts.push(line(cusp, R.aspects, R.signs, `stroke="#868e96" stroke-width="1"`));
      parts.push(text(cusp + 15, (R.houses + R.signs) / 2, String(index + 1), `font-size="13" fill="#495057"`));
    });
  }
  if (chart.ascendant !== null && chart.midheaven !== null) {
    // The angles' lines cross the wheel; their labels sit just inside the aspect circle, beside the line.
    parts.push(line(chart.ascendant, 0, R.outer, `stroke="#212529" stroke-width="2"`));
    parts.push(text(chart.ascendant - 5, R.aspects - 14, labels.ascendant, `font-size="11" font-weight="bold" fill="#212529"`));
    parts.push(line(chart.midheaven, R.aspects, R.outer, `stroke="#212529" stroke-width="2"`));
    parts.push(text(chart.midheaven - 5, R.aspects - 14, labels.midheaven, `font-size="11" font-weight="bold" fill="#212529"`));
  }

  // Aspects as chords between the bodies' true places (a conjunction is one place: no line).
  const byPlanet = new Map(chart.bodies.map((body) => [body.planet, body]));
  for (const aspect of chart.aspects) {
    const style = ASPECT_STYLE[aspect.kind];
    if (!style) continue;
    const [x1, y1] = point(byPlanet.get(aspect.from)!.longitude, R.aspects);
    const [x2, y2] = point(byPlanet.get(aspect.to)!.longitude, R.aspects);
    parts.push(
      `<line data-aspect="${aspect.kind}" x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}" stroke="${style.stroke}" stroke-width="1.5"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""}/>`,
    );
  }

  // Bodies: a tick at the true place, the glyph and degree nudged apart so close bodies stay readable.
  const sorted = [...chart.bodies].sort((a, b) => a.longitude - b.longitude);
  const shown = sorted.map((body) => body.longitude);
  for (let pass = 0; pass < 3; pass++) {
    for (let index = 1; index < shown.length; index++) if (shown[index]! - shown[index - 1]! < 9) shown[index] = shown[index - 1]! + 9;
  }
  sorted.forEach((body, index) => {
    parts.push(line(body.longitude, R.houses - 8, R.houses, `stroke="#212529" stroke-width="2"`));
    parts.push(line(body.longitude, R.aspects, R.aspects + 5, `stroke="#212529" stroke-width="1.5"`));
    parts.push(text(shown[index]!, R.bodies + 12, PLANET_GLYPHS[body.planet], `data-planet="${body.planet}" font-size="20" fill="#1a1b1e"`));
    parts.push(text(shown[index]!, R.bodies - 16, `${body.degree}°${body.retrograde ? "℞" : ""}`, `font-size="10" fill="#495057"`));
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_SIZE}" height="${CHART_SIZE}" viewBox="0 0 ${CHART_SIZE} ${CHART_SIZE}" role="img" aria-label="${escapeMarkup(labels.name)}" font-family="'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols', sans-serif">`,
    `<title>${escapeMarkup(labels.name)}</title>`,
    `<desc>${escapeMarkup(labels.description)}</desc>`,
    ...parts,
    `</svg>`,
  ].join("\n");
}
