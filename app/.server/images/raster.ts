// A tiny anti-aliased rasteriser for the demo provider's pictures: gradients, circles, rings, thick lines and
// polygons, composited "source over" in premultiplied floats. Each shape only visits the pixels of its bounding
// box, so a few hundred shapes on a 640 x 640 picture stay within a Worker's CPU budget.

export type Rgb = readonly [number, number, number];

export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

export type Point = readonly [number, number];

export class Raster {
  /** Premultiplied colour, 0..255 scale, and coverage 0..1. */
  private readonly r: Float32Array;
  private readonly g: Float32Array;
  private readonly b: Float32Array;
  private readonly a: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = width * height;
    this.r = new Float32Array(size);
    this.g = new Float32Array(size);
    this.b = new Float32Array(size);
    this.a = new Float32Array(size);
  }

  private blend(index: number, color: Rgb, alpha: number) {
    if (alpha <= 0) return;
    const keep = 1 - alpha;
    this.r[index] = color[0] * alpha + this.r[index]! * keep;
    this.g[index] = color[1] * alpha + this.g[index]! * keep;
    this.b[index] = color[2] * alpha + this.b[index]! * keep;
    this.a[index] = alpha + this.a[index]! * keep;
  }

  /** Calls `coverage(x + 0.5, y + 0.5)` for every pixel of a box and blends the colour by what it returns. */
  private paint(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    color: Rgb | ((x: number, y: number) => Rgb),
    opacity: number,
    coverage: (x: number, y: number) => number,
  ) {
    const left = Math.max(0, Math.floor(x0));
    const top = Math.max(0, Math.floor(y0));
    const right = Math.min(this.width - 1, Math.ceil(x1));
    const bottom = Math.min(this.height - 1, Math.ceil(y1));
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const cover = coverage(x + 0.5, y + 0.5);
        if (cover <= 0) continue;
        const px = x + 0.5;
        const py = y + 0.5;
        this.blend(y * this.width + x, typeof color === "function" ? color(px, py) : color, cover * opacity);
      }
    }
  }

  /** Blends one pixel (integer coordinates); outside the picture nothing happens. */
  blendPixel(x: number, y: number, color: Rgb, alpha: number) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.blend(y * this.width + x, color, alpha);
  }

  /** Fills everything with a linear gradient along `angle` (radians) from `from` to `to`. */
  linearGradient(from: Rgb, to: Rgb, angle = Math.PI / 4, opacity = 1) {
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const span = Math.abs(dx) * this.width + Math.abs(dy) * this.height;
    const origin = (dx < 0 ? this.width : 0) * dx + (dy < 0 ? this.height : 0) * dy;
    const color: [number, number, number] = [0, 0, 0];
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = clamp01(((x + 0.5) * dx + (y + 0.5) * dy - origin) / span);
        color[0] = from[0] + (to[0] - from[0]) * t;
        color[1] = from[1] + (to[1] - from[1]) * t;
        color[2] = from[2] + (to[2] - from[2]) * t;
        this.blend(y * this.width + x, color, opacity);
      }
    }
  }

  radialGlow(cx: number, cy: number, radius: number, color: Rgb, opacity = 1) {
    this.paint(cx - radius, cy - radius, cx + radius, cy + radius, color, opacity, (x, y) => {
      const d = Math.hypot(x - cx, y - cy) / radius;
      return d >= 1 ? 0 : (1 - d) * (1 - d);
    });
  }

  circle(cx: number, cy: number, radius: number, color: Rgb, opacity = 1) {
    this.paint(cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1, color, opacity, (x, y) =>
      clamp01(radius - Math.hypot(x - cx, y - cy) + 0.5),
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, opacity = 1) {
    const scale = Math.min(rx, ry);
    this.paint(cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1, color, opacity, (x, y) => {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      return clamp01((1 - d) * scale + 0.5);
    });
  }

  ring(cx: number, cy: number, radius: number, lineWidth: number, color: Rgb, opacity = 1) {
    const half = lineWidth / 2;
    const outer = radius + half + 1;
    this.paint(cx - outer, cy - outer, cx + outer, cy + outer, color, opacity, (x, y) => clamp01(half - Math.abs(Math.hypot(x - cx, y - cy) - radius) + 0.5));
  }

  /** A straight stroke with round ends. */
  line(x1: number, y1: number, x2: number, y2: number, lineWidth: number, color: Rgb, opacity = 1) {
    const half = lineWidth / 2;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const lengthSquared = dx * dx + dy * dy || 1;
    this.paint(Math.min(x1, x2) - half - 1, Math.min(y1, y2) - half - 1, Math.max(x1, x2) + half + 1, Math.max(y1, y2) + half + 1, color, opacity, (x, y) => {
      const t = clamp01(((x - x1) * dx + (y - y1) * dy) / lengthSquared);
      return clamp01(half - Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) + 0.5);
    });
  }

  /** A connected stroke through `points` (open unless `closed`). */
  polyline(points: readonly Point[], lineWidth: number, color: Rgb, opacity = 1, closed = false) {
    const count = closed ? points.length : points.length - 1;
    for (let index = 0; index < count; index++) {
      const [x1, y1] = points[index]!;
      const [x2, y2] = points[(index + 1) % points.length]!;
      this.line(x1, y1, x2, y2, lineWidth, color, opacity);
    }
  }

  /**
   * A filled polygon (even-odd) by scanlines: four sub-rows per pixel row, each span's ends covered by their
   * fraction, so edges are smooth and the cost is rows x edges plus the pixels filled.
   */
  polygon(points: readonly Point[], color: Rgb, opacity = 1) {
    if (points.length < 3) return;
    const ys = points.map((point) => point[1]);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(this.height - 1, Math.ceil(Math.max(...ys)));
    const coverage = new Float32Array(this.width + 1);
    const crossings: number[] = [];
    const SUB = 4;
    for (let y = top; y <= bottom; y++) {
      coverage.fill(0);
      let minX = this.width;
      let maxX = -1;
      for (let sub = 0; sub < SUB; sub++) {
        const sampleY = y + (sub + 0.5) / SUB;
        crossings.length = 0;
        for (let index = 0, previous = points.length - 1; index < points.length; previous = index++) {
          const [xi, yi] = points[index]!;
          const [xj, yj] = points[previous]!;
          if (yi > sampleY !== yj > sampleY) crossings.push(xi + ((sampleY - yi) * (xj - xi)) / (yj - yi));
        }
        crossings.sort((a, b) => a - b);
        for (let pair = 0; pair + 1 < crossings.length; pair += 2) {
          const start = Math.max(0, crossings[pair]!);
          const end = Math.min(this.width, crossings[pair + 1]!);
          if (end <= start) continue;
          const first = Math.floor(start);
          const last = Math.min(this.width - 1, Math.floor(end));
          minX = Math.min(minX, first);
          maxX = Math.max(maxX, last);
          if (first === last) {
            coverage[first]! += (end - start) / SUB;
            continue;
          }
          coverage[first]! += (first + 1 - start) / SUB;
          for (let x = first + 1; x < last; x++) coverage[x]! += 1 / SUB;
          coverage[last]! += (end - last) / SUB;
        }
      }
      for (let x = Math.max(0, minX); x <= maxX; x++) {
        const cover = coverage[x]!;
        if (cover > 0) this.blend(y * this.width + x, color, Math.min(1, cover) * opacity);
      }
    }
  }

  /** RGBA bytes (straight alpha) for the PNG encoder. */
  toRgba(): Uint8ClampedArray {
    const out = new Uint8ClampedArray(this.width * this.height * 4);
    for (let index = 0; index < this.a.length; index++) {
      const alpha = this.a[index]!;
      const target = index * 4;
      if (alpha > 0) {
        out[target] = this.r[index]! / alpha;
        out[target + 1] = this.g[index]! / alpha;
        out[target + 2] = this.b[index]! / alpha;
      }
      out[target + 3] = alpha * 255;
    }
    return out;
  }
}

/** A deterministic pseudo-random sequence from a seed (xorshift32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

/** FNV-1a: a stable 32-bit seed from text. */
export function hashString(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
