// The offline demo provider's pictures: real PNGs drawn procedurally from the request, so the whole job flow
// (queue, R2, gallery, downloads) works without network. The same request always gives the same picture. The
// interface labels everything made here "Demo model"; none of it pretends to be AI.
import { LOGO_STYLE_COLORS, type AspectRatio, type ImageStyle, type LogoStyle, type TattooTheme } from "../../lib/schemas/images";
import { encodePng } from "./png";
import { hashString, hexToRgb, hsl, mix, Raster, seededRandom, type Point, type Rgb } from "./raster";
import { layoutText, textWidth } from "./stroke-font";

export interface RenderedImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

const DEMO_SIZES: Record<AspectRatio, [number, number]> = { "1:1": [640, 640], "3:2": [768, 512], "2:3": [512, 768] };

async function png(raster: Raster, alpha: boolean): Promise<RenderedImage> {
  return {
    bytes: await encodePng(raster.width, raster.height, raster.toRgba(), { alpha }),
    contentType: "image/png",
    width: raster.width,
    height: raster.height,
  };
}

const has = (prompt: string, words: string[]) => words.some((word) => prompt.includes(word));

/** A ridge line across the picture from a seeded random walk, closed along the bottom edge. */
function ridge(width: number, height: number, base: number, roughness: number, random: () => number): Point[] {
  const points: Point[] = [[0, height]];
  let y = base;
  const steps = 18;
  for (let step = 0; step <= steps; step++) {
    y = Math.max(height * 0.15, Math.min(height * 0.95, y + (random() - 0.5) * roughness));
    points.push([(step / steps) * width, y]);
  }
  points.push([width, height]);
  return points;
}

/** Image generation: a landscape whose palette, light and features come from the prompt and the style. */
export async function renderDemoArt(input: { prompt: string; style: ImageStyle; aspectRatio: AspectRatio }): Promise<RenderedImage> {
  const [fullWidth, fullHeight] = DEMO_SIZES[input.aspectRatio];
  // Pixel art is drawn small and enlarged without smoothing.
  const scale = input.style === "pixel-art" ? 8 : 1;
  const width = Math.round(fullWidth / scale);
  const height = Math.round(fullHeight / scale);
  const prompt = input.prompt.toLocaleLowerCase();
  const random = seededRandom(hashString(`${input.style}|${input.prompt}`));
  const night = has(prompt, ["night", "moon", "star", "space", "galaxy", "gece", "ay ", "yıldız", "uzay"]);
  const water = has(prompt, ["sea", "ocean", "lake", "beach", "river", "deniz", "okyanus", "göl", "plaj", "nehir"]);
  const forest = has(prompt, ["forest", "tree", "wood", "jungle", "orman", "ağaç"]);
  const city = has(prompt, ["city", "town", "street", "building", "şehir", "kent", "sokak", "bina"]);

  let saturation = 70;
  let lightness = 0;
  if (input.style === "watercolor") {
    saturation = 45;
    lightness = 12;
  }
  if (input.style === "photographic" || input.style === "oil-painting") saturation = 55;
  if (input.style === "anime" || input.style === "digital-art" || input.style === "3d-render") saturation = 85;
  const hue = Math.floor(random() * 360);
  const sky: [Rgb, Rgb] = night
    ? [hsl((hue + 220) % 360, saturation, 8 + lightness), hsl((hue + 250) % 360, saturation, 28 + lightness)]
    : [hsl(hue, saturation, 55 + lightness), hsl((hue + 40) % 360, saturation, 82)];

  const raster = new Raster(width, height);
  raster.linearGradient(sky[0], sky[1], Math.PI / 2);
  if (night) {
    for (let index = 0; index < 120; index++)
      raster.circle(random() * width, random() * height * 0.6, 0.4 + random() * 1.4, [255, 255, 240], 0.5 + random() * 0.5);
  }
  const sunX = width * (0.2 + random() * 0.6);
  const sunY = height * (0.18 + random() * 0.2);
  const sunRadius = Math.min(width, height) * (input.style === "anime" ? 0.14 : 0.09);
  const sunColor: Rgb = night ? [245, 243, 225] : hsl((hue + 30) % 360, 95, 70);
  raster.radialGlow(sunX, sunY, sunRadius * 4, sunColor, 0.5);
  raster.circle(sunX, sunY, sunRadius, sunColor);
  if (input.style === "3d-render") {
    // Shaded spheres floating in the sky.
    for (let index = 0; index < 4; index++) {
      const x = random() * width;
      const y = height * (0.2 + random() * 0.35);
      const radius = Math.min(width, height) * (0.04 + random() * 0.06);
      const color = hsl((hue + 140 + index * 40) % 360, 70, 50);
      raster.circle(x, y, radius, color);
      raster.radialGlow(x - radius * 0.35, y - radius * 0.35, radius * 0.9, [255, 255, 255], 0.6);
    }
  }

  const horizon = height * (water ? 0.62 : 0.72);
  for (let layer = 0; layer < 3; layer++) {
    const depth = layer / 2;
    const color = mix(hsl((hue + 200) % 360, saturation * 0.6, night ? 30 : 62), hsl((hue + 180) % 360, saturation, night ? 8 : 22), depth);
    const base = horizon - height * (0.28 - layer * 0.1);
    raster.polygon(ridge(width, water ? horizon : height, base, height * 0.12, random), color);
  }
  if (city) {
    let x = 0;
    while (x < width) {
      const buildingWidth = width * (0.04 + random() * 0.06);
      const buildingHeight = height * (0.1 + random() * 0.25);
      const color = hsl((hue + 220) % 360, 20, night ? 12 : 30);
      raster.polygon(
        [
          [x, horizon],
          [x, horizon - buildingHeight],
          [x + buildingWidth, horizon - buildingHeight],
          [x + buildingWidth, horizon],
        ],
        color,
      );
      if (night) {
        for (let window = 0; window < 6; window++) {
          raster.circle(x + random() * buildingWidth, horizon - random() * buildingHeight, 1 + width / 500, [255, 214, 120], random() > 0.4 ? 0.9 : 0);
        }
      }
      x += buildingWidth + width * 0.005;
    }
  }
  if (water) {
    raster.polygon(
      [
        [0, horizon],
        [width, horizon],
        [width, height],
        [0, height],
      ],
      hsl((hue + 200) % 360, saturation * 0.7, night ? 14 : 45),
    );
    // The sun's reflection as broken horizontal strokes.
    for (let index = 0; index < 14; index++) {
      const y = horizon + (index + 1) * ((height - horizon) / 16);
      const half = sunRadius * (1.2 - index * 0.05) * (0.5 + random());
      raster.line(sunX - half, y, sunX + half, y, Math.max(1, height / 220), sunColor, 0.55);
    }
  } else {
    raster.polygon(
      [
        [0, horizon],
        [width, horizon + height * 0.04],
        [width, height],
        [0, height],
      ],
      hsl((hue + 100) % 360, saturation * 0.6, night ? 10 : 32),
    );
  }
  if (forest) {
    for (let index = 0; index < 26; index++) {
      const x = random() * width;
      const bottom = horizon + random() * (height - horizon) * 0.9;
      const treeHeight = height * (0.08 + random() * 0.12) * (0.6 + (bottom - horizon) / (height - horizon + 1));
      const treeWidth = treeHeight * 0.45;
      const color = hsl(120 + random() * 40, 45, night ? 10 : 18 + random() * 10);
      raster.polygon(
        [
          [x, bottom - treeHeight],
          [x + treeWidth / 2, bottom],
          [x - treeWidth / 2, bottom],
        ],
        color,
      );
    }
  }
  if (input.style === "oil-painting" || input.style === "watercolor") {
    // Loose strokes over everything give the surface some texture.
    for (let index = 0; index < 220; index++) {
      const x = random() * width;
      const y = random() * height;
      const angle = random() * Math.PI;
      const length = Math.min(width, height) * (0.02 + random() * 0.05);
      raster.line(x, y, x + Math.cos(angle) * length, y + Math.sin(angle) * length, 2 + random() * 4, hsl((hue + random() * 80) % 360, saturation, 60), 0.12);
    }
  }

  let result = raster;
  if (scale > 1) result = upscale(raster, scale);
  if (input.style === "sketch") result = toPencil(result);
  return png(result, false);
}

function upscale(source: Raster, factor: number): Raster {
  const rgba = source.toRgba();
  const target = new Raster(source.width * factor, source.height * factor);
  for (let y = 0; y < target.height; y++) {
    for (let x = 0; x < target.width; x++) {
      const index = (Math.floor(y / factor) * source.width + Math.floor(x / factor)) * 4;
      target.blendPixel(x, y, [rgba[index]!, rgba[index + 1]!, rgba[index + 2]!], 1);
    }
  }
  return target;
}

/** Pencil: paper, and diagonal hatching whose density follows the picture's darkness. */
function toPencil(source: Raster): Raster {
  const rgba = source.toRgba();
  const target = new Raster(source.width, source.height);
  target.linearGradient([250, 248, 242], [238, 236, 228], Math.PI / 2);
  const graphite: Rgb = [40, 40, 46];
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < source.width; x++) {
      const index = (y * source.width + x) * 4;
      const darkness = 1 - (0.3 * rgba[index]! + 0.59 * rgba[index + 1]! + 0.11 * rgba[index + 2]!) / 255;
      const diagonal = (x + y) % 4 === 0;
      const cross = darkness > 0.55 && (x - y + 4096) % 4 === 0;
      if (diagonal || cross) target.blendPixel(x, y, graphite, Math.min(0.9, Math.max(0, darkness - 0.15) * 1.2));
    }
  }
  return target;
}

export function logoColors(style: LogoStyle, primary?: string, secondary?: string): [string, string] {
  const [defaultPrimary, defaultSecondary] = LOGO_STYLE_COLORS[style];
  return [primary ?? defaultPrimary, secondary ?? defaultSecondary];
}

function strokeText(raster: Raster, text: string, cx: number, cy: number, maxWidth: number, maxSize: number, weight: number, color: Rgb) {
  let size = maxSize;
  const natural = textWidth(text, size);
  if (natural > maxWidth) size = (size * maxWidth) / natural;
  for (const line of layoutText(text, cx, cy, size)) raster.polyline(line, Math.max(1.5, size * weight), color);
  return size;
}

function circlePoints(cx: number, cy: number, rx: number, ry: number, count = 72, rotation = 0): Point[] {
  return Array.from({ length: count }, (_, index) => {
    const angle = rotation + (index / count) * Math.PI * 2;
    return [cx + Math.cos(angle) * rx, cy + Math.sin(angle) * ry] as Point;
  });
}

function regularPolygon(cx: number, cy: number, radius: number, sides: number, rotation = -Math.PI / 2): Point[] {
  return circlePoints(cx, cy, radius, radius, sides, rotation);
}

/** Graphic logo: an emblem in the style's shape with the brand's initials, and the name lettered below. */
export async function renderDemoLogo(input: {
  brandName: string;
  slogan?: string;
  style: LogoStyle;
  primaryColor?: string;
  secondaryColor?: string;
}): Promise<RenderedImage> {
  const size = 640;
  const raster = new Raster(size, size);
  const [primaryHex, secondaryHex] = logoColors(input.style, input.primaryColor, input.secondaryColor);
  const primary = hexToRgb(primaryHex);
  const secondary = hexToRgb(secondaryHex);
  const random = seededRandom(hashString(`${input.style}|${input.brandName}`));
  const cx = size / 2;
  const cy = 250;
  const radius = 150;
  const initials = input.brandName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? "")
    .join("");

  switch (input.style) {
    case "corporate":
      raster.polygon(regularPolygon(cx, cy, radius, 4, -Math.PI / 4), primary);
      raster.polygon(
        [
          [cx - radius * 0.7, cy + radius * 0.2],
          [cx + radius * 0.7, cy - radius * 0.5],
          [cx + radius * 0.7, cy - radius * 0.3],
          [cx - radius * 0.7, cy + radius * 0.4],
        ],
        [255, 255, 255],
        0.25,
      );
      break;
    case "graffiti-fun":
      for (let index = 0; index < 14; index++) {
        const angle = random() * Math.PI * 2;
        const distance = radius * (0.6 + random() * 0.5);
        raster.circle(cx + Math.cos(angle) * distance, cy + Math.sin(angle) * distance, 10 + random() * 26, index % 2 ? secondary : primary, 0.85);
      }
      raster.circle(cx, cy, radius * 0.85, primary);
      for (let index = 0; index < 5; index++)
        raster.line(
          cx - radius * 0.5 + index * radius * 0.25,
          cy + radius * 0.7,
          cx - radius * 0.5 + index * radius * 0.25,
          cy + radius * (0.9 + random() * 0.4),
          10,
          primary,
        );
      break;
    case "luxury":
      raster.polyline(regularPolygon(cx, cy, radius, 4, 0), 3, primary, 1, true);
      raster.polyline(regularPolygon(cx, cy, radius * 0.88, 4, 0), 1.5, primary, 1, true);
      raster.polygon(regularPolygon(cx, cy, radius * 0.72, 4, 0), secondary);
      break;
    case "rustic-label": {
      const scallops = circlePoints(cx, cy, radius, radius, 28);
      for (const [x, y] of scallops) raster.circle(x, y, 16, primary);
      raster.circle(cx, cy, radius, primary);
      raster.ring(cx, cy, radius * 0.84, 3, secondary);
      if (input.slogan) {
        raster.polygon(
          [
            [cx - radius * 1.2, cy + radius * 0.35],
            [cx + radius * 1.2, cy + radius * 0.35],
            [cx + radius * 1.05, cy + radius * 0.6],
            [cx + radius * 1.2, cy + radius * 0.85],
            [cx - radius * 1.2, cy + radius * 0.85],
            [cx - radius * 1.05, cy + radius * 0.6],
          ],
          secondary,
        );
        strokeText(raster, input.slogan, cx, cy + radius * 0.6, radius * 1.9, radius * 0.16, 0.14, primary);
      }
      break;
    }
    case "nature":
      for (let index = 0; index < 6; index++) {
        const angle = -Math.PI / 2 + (index - 2.5) * 0.42;
        const tipX = cx + Math.cos(angle) * radius * 1.05;
        const tipY = cy + radius * 0.5 + Math.sin(angle) * radius * 1.2;
        const baseX = cx;
        const baseY = cy + radius * 0.6;
        const normalX = -(tipY - baseY) * 0.22;
        const normalY = (tipX - baseX) * 0.22;
        const midX = (tipX + baseX) / 2;
        const midY = (tipY + baseY) / 2;
        raster.polygon(
          [
            [baseX, baseY],
            [midX + normalX, midY + normalY],
            [tipX, tipY],
            [midX - normalX, midY - normalY],
          ],
          index % 2 ? secondary : primary,
          0.95,
        );
      }
      raster.circle(cx, cy + radius * 0.55, radius * 0.48, primary);
      raster.ring(cx, cy + radius * 0.55, radius * 0.4, 3, [255, 255, 255], 0.8);
      break;
    default:
      raster.circle(cx, cy, radius, primary);
      raster.ring(cx, cy, radius * 0.82, 4, [255, 255, 255], 0.85);
  }

  const letterColor: Rgb = input.style === "luxury" ? primary : input.style === "rustic-label" ? secondary : [255, 255, 255];
  if (initials) {
    if (input.style === "nature") strokeText(raster, initials, cx, cy + radius * 0.55, radius * 0.6, radius * 0.4, 0.13, letterColor);
    else
      strokeText(raster, initials, cx, input.style === "rustic-label" && input.slogan ? cy - radius * 0.2 : cy, radius * 1.1, radius * 0.75, 0.13, letterColor);
  }
  // The name in the darker of the two colours, so it reads on white.
  const luminance = ([r, g, b]: Rgb) => 0.3 * r + 0.59 * g + 0.11 * b;
  const nameColor = luminance(primary) < luminance(secondary) ? primary : secondary;
  strokeText(raster, input.brandName, cx, 500, size * 0.86, 64, 0.12, nameColor);
  if (input.slogan && input.style !== "rustic-label") strokeText(raster, input.slogan, cx, 570, size * 0.8, 22, 0.12, mix(nameColor, [150, 150, 150], 0.5));
  return png(raster, true);
}

const INK: Rgb = [20, 20, 24];

/** Tattoo: black line work on a transparent background, to be shown beside (and laid over) the person's photo. */
export async function renderDemoTattoo(input: { theme: TattooTheme; description?: string }): Promise<RenderedImage> {
  const size = 640;
  const raster = new Raster(size, size);
  const random = seededRandom(hashString(`${input.theme}|${input.description ?? ""}`));
  const cx = size / 2;
  const cy = size / 2;
  const line = 5;

  switch (input.theme) {
    case "geometric": {
      const sides = 3 + Math.floor(random() * 4);
      for (let ring = 0; ring < 5; ring++) {
        const radius = 60 + ring * 50;
        raster.polyline(regularPolygon(cx, cy, radius, sides * (ring % 2 ? 2 : 1), (ring * Math.PI) / sides), line - ring * 0.5, INK, 1, true);
      }
      for (let spoke = 0; spoke < sides * 2; spoke++) {
        const angle = (spoke / (sides * 2)) * Math.PI * 2;
        raster.line(cx + Math.cos(angle) * 60, cy + Math.sin(angle) * 60, cx + Math.cos(angle) * 260, cy + Math.sin(angle) * 260, 2.5, INK);
        raster.circle(cx + Math.cos(angle) * 285, cy + Math.sin(angle) * 285, 7, INK);
      }
      raster.circle(cx, cy, 14, INK);
      break;
    }
    case "nature": {
      raster.ring(cx, cy, 250, line, INK);
      raster.ring(cx, cy - 40, 55, line, INK);
      for (let ray = 0; ray < 12; ray++) {
        const angle = (ray / 12) * Math.PI * 2;
        raster.line(cx + Math.cos(angle) * 70, cy - 40 + Math.sin(angle) * 70, cx + Math.cos(angle) * 95, cy - 40 + Math.sin(angle) * 95, 4, INK);
      }
      for (let wave = 0; wave < 3; wave++) {
        const y = cy + 90 + wave * 40;
        const points: Point[] = [];
        for (let x = cx - 220; x <= cx + 220; x += 8) points.push([x, y + Math.sin((x + wave * 30) / 28) * 12]);
        raster.polyline(points, 4, INK);
      }
      const peaks: Point[] = [
        [cx - 230, cy + 60],
        [cx - 120, cy - 80],
        [cx - 50, cy + 10],
        [cx + 40, cy - 120],
        [cx + 230, cy + 60],
      ];
      raster.polyline(peaks, line, INK);
      break;
    }
    case "spiritual": {
      raster.ring(cx, cy, 270, 3, INK);
      raster.ring(cx, cy, 250, 1.5, INK);
      for (let petal = 0; petal < 8; petal++) {
        const angle = (petal / 8) * Math.PI * 2;
        const points = circlePoints(0, 0, 110, 45, 48).map(([x, y]) => {
          const px = x + 110;
          return [cx + px * Math.cos(angle) - y * Math.sin(angle), cy + px * Math.sin(angle) + y * Math.cos(angle)] as Point;
        });
        raster.polyline(points, 3.5, INK, 1, true);
      }
      raster.ring(cx, cy, 60, line, INK);
      raster.circle(cx, cy, 18, INK);
      for (let dot = 0; dot < 24; dot++) {
        const angle = (dot / 24) * Math.PI * 2;
        raster.circle(cx + Math.cos(angle) * 260, cy + Math.sin(angle) * 260, 5, INK);
      }
      break;
    }
    case "skull": {
      // The cranium: an arc over the top from the left cheek to the right one, then the jaw below it.
      const cranium: Point[] = Array.from({ length: 61 }, (_, index) => {
        const angle = Math.PI - 0.35 + (index / 60) * (Math.PI + 0.7);
        return [cx + Math.cos(angle) * 170, cy - 40 + Math.sin(angle) * 175] as Point;
      });
      const [left, right] = [cranium[0]!, cranium[cranium.length - 1]!];
      const jaw: Point[] = [right, [cx + 125, cy + 130], [cx + 70, cy + 175], [cx - 70, cy + 175], [cx - 125, cy + 130], left];
      raster.polyline([...cranium, ...jaw], line + 1, INK);
      raster.ellipse(cx - 65, cy - 10, 48, 42, INK);
      raster.ellipse(cx + 65, cy - 10, 48, 42, INK);
      raster.polygon(
        [
          [cx, cy + 40],
          [cx - 22, cy + 85],
          [cx + 22, cy + 85],
        ],
        INK,
      );
      for (let tooth = -3; tooth <= 3; tooth++) raster.line(cx + tooth * 22, cy + 120, cx + tooth * 22, cy + 165, 3, INK);
      raster.line(cx - 80, cy + 120, cx + 80, cy + 120, 3, INK);
      break;
    }
    case "space": {
      raster.ring(cx, cy, 110, line, INK);
      const ring = circlePoints(cx, cy, 210, 55, 96, 0).map(([x, y]) => {
        const angle = -0.35;
        const dx = x - cx;
        const dy = y - cy;
        return [cx + dx * Math.cos(angle) - dy * Math.sin(angle), cy + dx * Math.sin(angle) + dy * Math.cos(angle)] as Point;
      });
      raster.polyline(ring, 4, INK, 1, true);
      for (let band = -1; band <= 1; band++) raster.line(cx - 95, cy + band * 35, cx + 95, cy + band * 35 - 20, 2.5, INK, 0.8);
      for (let star = 0; star < 22; star++) {
        const x = random() * size;
        const y = random() * size;
        if (Math.hypot(x - cx, y - cy) < 240) continue;
        const arm = 6 + random() * 10;
        raster.line(x - arm, y, x + arm, y, 2.5, INK);
        raster.line(x, y - arm, x, y + arm, 2.5, INK);
      }
      raster.ring(cx + 200, cy - 200, 22, 3, INK);
      break;
    }
    case "tree": {
      const branch = (x: number, y: number, angle: number, length: number, width: number, depth: number) => {
        const x2 = x + Math.cos(angle) * length;
        const y2 = y + Math.sin(angle) * length;
        raster.line(x, y, x2, y2, width, INK);
        if (depth === 0) {
          raster.circle(x2, y2, 4 + random() * 4, INK);
          return;
        }
        const spread = 0.35 + random() * 0.25;
        branch(x2, y2, angle - spread, length * (0.68 + random() * 0.1), width * 0.68, depth - 1);
        branch(x2, y2, angle + spread, length * (0.68 + random() * 0.1), width * 0.68, depth - 1);
      };
      branch(cx, cy + 200, -Math.PI / 2, 120, 16, 7);
      for (let root = -2; root <= 2; root++) raster.line(cx, cy + 200, cx + root * 45, cy + 250 + Math.abs(root) * -8, 5, INK);
      raster.ring(cx, cy, 290, 3, INK);
      break;
    }
  }
  return png(raster, true);
}
