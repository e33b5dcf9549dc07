import type { MoonView } from "~/.server/horoscope/chart-view";

const R = 40;

/**
 * The Moon's lit part: the lit half's edge is a half circle, the terminator a half ellipse whose width follows the
 * phase (cos of the Sun-Moon elongation). Waxing is lit on the right, as seen from the northern hemisphere.
 */
export function moonPath(angle: number): string {
  const waxing = angle < 180;
  const rx = Math.abs(Math.cos((angle * Math.PI) / 180)) * R;
  const gibbous = angle > 90 && angle < 270;
  // Lit limb: right half when waxing, left half when waning; then back along the terminator.
  const limbSweep = waxing ? 1 : 0;
  const terminatorSweep = waxing === gibbous ? 1 : 0;
  return `M0 ${-R} A${R} ${R} 0 0 ${limbSweep} 0 ${R} A${rx.toFixed(2)} ${R} 0 0 ${terminatorSweep} 0 ${-R} Z`;
}

export function MoonPhaseDiagram({ moon }: { moon: MoonView }) {
  return (
    <figure className="flex items-center gap-3 rounded-xl border p-4 text-sm">
      <svg role="img" aria-label={moon.label} viewBox="-50 -50 100 100" className="size-20 shrink-0">
        <circle r={R} fill="#1f2430" stroke="#868e96" strokeWidth="1" />
        <path d={moonPath(moon.angle)} fill="#f4f1de" />
      </svg>
      <figcaption>{moon.label}</figcaption>
    </figure>
  );
}
