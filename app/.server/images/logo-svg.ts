// Text logos: a crisp vector (SVG) drawn on the server from the person's words, one layout per docs/product.md §1 style.
// Every piece of text is XML-escaped; colours arrive validated as #rrggbb. Fonts are common system families, so
// the file looks the same when the browser rasterises it to PNG (an SVG drawn as an image cannot load web fonts).
import type { LogoStyle } from "../../lib/schemas/images";
import { escapeMarkup } from "../markup";
import { logoColors } from "./demo-renderer";

export const TEXT_LOGO_WIDTH = 1200;
export const TEXT_LOGO_HEIGHT = 600;

const FONTS: Record<LogoStyle, string> = {
  basic: "'Inter', 'Helvetica Neue', Helvetica, Arial, sans-serif",
  corporate: "'Helvetica Neue', Helvetica, Arial, sans-serif",
  "graffiti-fun": "'Marker Felt', 'Comic Sans MS', 'Chalkboard SE', 'Comic Neue', cursive",
  luxury: "Didot, 'Bodoni 72', 'Playfair Display', 'Times New Roman', Georgia, serif",
  "rustic-label": "Rockwell, 'Roboto Slab', 'Courier New', Georgia, serif",
  nature: "'Trebuchet MS', 'Gill Sans', 'Segoe UI', Verdana, sans-serif",
};

/** Average advance of a character in em for each style's font at its weight and spacing, to fit the width. */
const EM_PER_CHAR: Record<LogoStyle, number> = {
  basic: 0.62,
  corporate: 0.6,
  "graffiti-fun": 0.64,
  luxury: 0.95,
  "rustic-label": 0.72,
  nature: 0.6,
};

function fit(text: string, style: LogoStyle, maxWidth: number, maxSize: number): number {
  const length = Math.max(1, [...text].length);
  return Math.round(Math.min(maxSize, maxWidth / (length * EM_PER_CHAR[style])));
}

const lighten = (hex: string, amount: number) => {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) + (255 - ((value >> shift) & 255)) * amount);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
};

export function renderTextLogo(input: { brandName: string; slogan?: string; style: LogoStyle; primaryColor?: string; secondaryColor?: string }): string {
  const { style } = input;
  const [primary, secondary] = logoColors(style, input.primaryColor, input.secondaryColor);
  const name = escapeMarkup(input.brandName);
  const slogan = input.slogan ? escapeMarkup(input.slogan) : "";
  const font = FONTS[style];
  const cx = TEXT_LOGO_WIDTH / 2;
  const parts: string[] = [];
  const defs: string[] = [];
  const nameY = slogan ? 300 : 330;

  switch (style) {
    case "corporate": {
      const initial = escapeMarkup([...input.brandName.trim()][0]?.toLocaleUpperCase() ?? "");
      const size = fit(input.brandName, style, 760, 150);
      parts.push(
        `<rect x="110" y="${nameY - 150}" width="200" height="200" rx="28" fill="${primary}"/>`,
        `<text x="210" y="${nameY + 20}" font-family="${font}" font-size="140" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>`,
        `<text x="360" y="${nameY}" font-family="${font}" font-size="${size}" font-weight="700" fill="${secondary}">${name}</text>`,
      );
      if (slogan)
        parts.push(
          `<text x="364" y="${nameY + 70}" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 720, 44)}" fill="${primary}" letter-spacing="2">${slogan}</text>`,
        );
      break;
    }
    case "graffiti-fun": {
      const size = fit(input.brandName, style, 1000, 190);
      defs.push(
        `<filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="10" dy="12" stdDeviation="0" flood-color="${secondary}" flood-opacity="0.9"/></filter>`,
      );
      for (const [x, y, r] of [
        [140, 150, 26],
        [1050, 120, 18],
        [1100, 470, 30],
        [90, 470, 16],
        [980, 200, 10],
        [210, 520, 12],
      ] as const) {
        parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${secondary}" opacity="0.85"/>`);
      }
      parts.push(
        `<g transform="rotate(-5 ${cx} ${nameY})" filter="url(#shadow)"><text x="${cx}" y="${nameY}" font-family="${font}" font-size="${size}" font-weight="900" fill="${primary}" stroke="#111111" stroke-width="10" paint-order="stroke" stroke-linejoin="round" text-anchor="middle">${name}</text></g>`,
      );
      if (slogan)
        parts.push(
          `<text x="${cx}" y="${nameY + 120}" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 900, 54)}" font-weight="700" fill="#111111" text-anchor="middle" transform="rotate(-5 ${cx} ${nameY})">${slogan}</text>`,
        );
      break;
    }
    case "luxury": {
      const size = fit(input.brandName, style, 1000, 120);
      defs.push(
        `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(primary, 0.45)}"/><stop offset="0.5" stop-color="${primary}"/><stop offset="1" stop-color="${lighten(primary, 0.2)}"/></linearGradient>`,
      );
      const lineY = nameY - size - 40;
      parts.push(
        `<line x1="${cx - 320}" y1="${lineY}" x2="${cx - 24}" y2="${lineY}" stroke="url(#gold)" stroke-width="3"/>`,
        `<rect x="${cx - 12}" y="${lineY - 12}" width="24" height="24" transform="rotate(45 ${cx} ${lineY})" fill="url(#gold)"/>`,
        `<line x1="${cx + 24}" y1="${lineY}" x2="${cx + 320}" y2="${lineY}" stroke="url(#gold)" stroke-width="3"/>`,
        `<text x="${cx}" y="${nameY}" font-family="${font}" font-size="${size}" fill="url(#gold)" letter-spacing="${Math.round(size * 0.25)}" text-anchor="middle">${escapeMarkup(input.brandName.toLocaleUpperCase())}</text>`,
        `<line x1="${cx - 320}" y1="${nameY + 40}" x2="${cx + 320}" y2="${nameY + 40}" stroke="url(#gold)" stroke-width="1.5"/>`,
      );
      if (slogan)
        parts.push(
          `<text x="${cx}" y="${nameY + 100}" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 800, 40)}" font-style="italic" fill="${secondary}" letter-spacing="4" text-anchor="middle">${slogan}</text>`,
        );
      break;
    }
    case "rustic-label": {
      const size = fit(input.brandName, style, 820, 120);
      parts.push(
        `<rect x="150" y="90" width="900" height="420" rx="60" fill="${secondary}" stroke="${primary}" stroke-width="12"/>`,
        `<rect x="178" y="118" width="844" height="364" rx="42" fill="none" stroke="${primary}" stroke-width="3" stroke-dasharray="14 10"/>`,
        `<text x="${cx}" y="${slogan ? 300 : 330}" font-family="${font}" font-size="${size}" font-weight="700" fill="${primary}" text-anchor="middle">${escapeMarkup(input.brandName.toLocaleUpperCase())}</text>`,
        `<path d="M250 200 l12 -24 l12 24 l-24 -15 h24 z M926 200 l12 -24 l12 24 l-24 -15 h24 z" fill="${primary}"/>`,
      );
      if (slogan) {
        parts.push(
          `<path d="M260 360 H940 L900 400 L940 440 H260 L300 400 Z" fill="${primary}"/>`,
          `<text x="${cx}" y="414" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 560, 38)}" fill="${secondary}" text-anchor="middle" letter-spacing="2">${slogan}</text>`,
        );
      }
      break;
    }
    case "nature": {
      const size = fit(input.brandName, style, 900, 140);
      parts.push(
        `<g transform="translate(${cx} ${nameY - size - 40})">`,
        `<path d="M0 40 C-70 10 -80 -50 -70 -80 C-20 -70 20 -30 0 40 Z" fill="${primary}"/>`,
        `<path d="M0 40 C70 10 80 -50 70 -80 C20 -70 -20 -30 0 40 Z" fill="${secondary}"/>`,
        `<path d="M0 40 V70" stroke="${primary}" stroke-width="8" stroke-linecap="round"/>`,
        `</g>`,
        `<text x="${cx}" y="${nameY}" font-family="${font}" font-size="${size}" font-weight="700" fill="${primary}" text-anchor="middle">${name}</text>`,
      );
      if (slogan)
        parts.push(
          `<text x="${cx}" y="${nameY + 80}" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 900, 44)}" fill="${primary}" fill-opacity="0.75" text-anchor="middle">${slogan}</text>`,
        );
      break;
    }
    default: {
      const size = fit(input.brandName, style, 1000, 160);
      parts.push(
        `<text x="${cx}" y="${nameY}" font-family="${font}" font-size="${size}" font-weight="800" fill="${primary}" text-anchor="middle" letter-spacing="-2">${name}<tspan fill="${secondary}">.</tspan></text>`,
      );
      if (slogan)
        parts.push(
          `<text x="${cx}" y="${nameY + 80}" font-family="${font}" font-size="${fit(input.slogan ?? "", style, 900, 40)}" fill="${secondary}" text-anchor="middle" letter-spacing="6">${escapeMarkup((input.slogan ?? "").toLocaleUpperCase())}</text>`,
        );
    }
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TEXT_LOGO_WIDTH}" height="${TEXT_LOGO_HEIGHT}" viewBox="0 0 ${TEXT_LOGO_WIDTH} ${TEXT_LOGO_HEIGHT}">`,
    `<title>${name}</title>`,
    defs.length ? `<defs>${defs.join("")}</defs>` : "",
    ...parts,
    `</svg>`,
  ]
    .filter(Boolean)
    .join("\n");
}
