// Retrograde periods for the retro-tracking timeline: for each planet, the spans in which its geocentric ecliptic
// longitude decreases, found by sampling the longitude and placing each reversal (station) to the day. Covers the
// periods under way now and those starting within the coming `days`. Computed once per UTC day per isolate.
import { longitude, longitudeChange, RETRO_PLANETS } from "./astronomy";

type RetroPlanet = (typeof RETRO_PLANETS)[number];

export interface RetroPeriod {
  planet: RetroPlanet;
  /** The station retrograde and the station direct, as UTC days "YYYY-MM-DD". */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
export const TIMELINE_DAYS = 180;

/**
 * How far back a period under way today can have started (the longest retrograde of each, with a margin) and the
 * sampling step: the outer planets turn slowly, so every fifth day finds their stations, then days are refined.
 */
const SCAN: Record<RetroPlanet, { back: number; step: number }> = {
  mercury: { back: 30, step: 1 },
  venus: { back: 50, step: 1 },
  mars: { back: 85, step: 1 },
  jupiter: { back: 130, step: 5 },
  saturn: { back: 145, step: 5 },
  uranus: { back: 160, step: 5 },
  neptune: { back: 165, step: 5 },
  pluto: { back: 170, step: 5 },
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function periodsOf(planet: RetroPlanet, today: number, days: number): RetroPeriod[] {
  const { back, step } = SCAN[planet];
  // Neighbouring days' centred motions share a half-day position: each is computed once.
  const positions = new Map<number, number>();
  const at = (day: number) => {
    let value = positions.get(day);
    if (value === undefined) positions.set(day, (value = longitude(planet, new Date(today + day * DAY_MS))));
    return value;
  };
  /** Daily motion centred on `day` (degrees a day; negative: retrograde). */
  const motion = (day: number) => longitudeChange(at(day - 0.5), at(day + 0.5));
  const backwards = (day: number) => motion(day) < 0;
  /** The first day in (from, to] whose motion is `wanted`, walking day by day (the change lies in that step). */
  const refine = (from: number, to: number, wanted: boolean) => {
    for (let day = from + 1; day < to; day++) if (backwards(day) === wanted) return day;
    return to;
  };
  const periods: RetroPeriod[] = [];
  let startDay: number | null = null;
  let previousDay = -back;
  let previous = backwards(previousDay);
  for (let day = -back + step; day <= days + step; day += step) {
    const now = backwards(day);
    if (now !== previous) {
      // The motion changes sign between the day before `first` and `first`: the station is on whichever of the two
      // moves least (within half a day of the true station).
      const first = step === 1 ? day : refine(previousDay, day, now);
      const turn = Math.abs(motion(first - 1)) < Math.abs(motion(first)) ? first - 1 : first;
      if (now) startDay = turn;
      else if (startDay !== null) {
        if (turn >= 0) periods.push({ planet, start: isoDay(today + startDay * DAY_MS), end: isoDay(today + turn * DAY_MS) });
        startDay = null;
      }
    }
    previous = now;
    previousDay = day;
  }
  // Still retrograde at the end of the window: its end is beyond the timeline, shown as open.
  if (startDay !== null && startDay <= days) periods.push({ planet, start: isoDay(today + startDay * DAY_MS), end: "" });
  return periods;
}

const daily = new Map<string, RetroPeriod[]>();
/** Every retrograde period that is under way on `now`'s UTC day or starts within `days` of it, by planet order. */
export function retrogradePeriods(now: number = Date.now(), days = TIMELINE_DAYS): RetroPeriod[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const key = `${today}:${days}`;
  let periods = daily.get(key);
  if (!periods) {
    periods = RETRO_PLANETS.flatMap((planet) => periodsOf(planet, today, days));
    daily.clear();
    daily.set(key, periods);
  }
  return periods;
}
