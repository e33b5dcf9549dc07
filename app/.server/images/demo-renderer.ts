// The offline demo provider's image maker: a deterministic SVG drawn from the prompt, so the whole job flow
// (queue, R2, gallery) runs without network. It is labelled "Demo model" wherever it appears.

function hashString(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function seededRandom(seed: number) {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface RenderedImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

/** Abstract art seeded by the prompt: the same prompt always gives the same picture. */
export function renderDemoImage(prompt: string, width = 1024, height = 1024): RenderedImage {
  const random = seededRandom(hashString(prompt));
  const hue = Math.floor(random() * 360);
  const shapes: string[] = [];
  for (let index = 0; index < 14; index++) {
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height);
    const radius = Math.round(40 + random() * width * 0.3);
    const shapeHue = (hue + Math.floor(random() * 120)) % 360;
    const opacity = (0.25 + random() * 0.5).toFixed(2);
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="hsl(${shapeHue} 80% 60%)" fill-opacity="${opacity}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title>${escapeXml(prompt.slice(0, 200))}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 45%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${shapes.join("\n")}
</svg>`;
  return { bytes: new TextEncoder().encode(svg), contentType: "image/svg+xml", width, height };
}
