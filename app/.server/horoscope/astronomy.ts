// Real sky facts for the horoscope, computed with astronomy-engine (no network, no tables): the Moon's phase,
// illumination and next quarters, which planets are retrograde, and the signs of the Sun, Moon and planets at a
// moment (a birth chart). Signs are tropical: 30° slices of the ecliptic longitude of date.
// Everything returns keys (phase names, sign and planet ids) and ISO times; wording is the caller's business.
import { Body, Ecliptic, GeoVector, Illumination, MoonPhase, NextMoonQuarter, SearchMoonQuarter } from "astronomy-engine";
import { ZODIAC_SIGNS, type ZodiacSign } from "../../lib/schemas/horoscope";

export const PLANETS = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"] as const;
export type Planet = (typeof PLANETS)[number];
/** The bodies that can appear retrograde from the Earth (the Sun and Moon never do). */
export const RETRO_PLANETS = ["mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"] as const satisfies readonly Planet[];
type RetroPlanet = (typeof RETRO_PLANETS)[number];

export const MOON_PHASES = [
  "new-moon",
  "waxing-crescent",
  "first-quarter",
  "waxing-gibbous",
  "full-moon",
  "waning-gibbous",
  "last-quarter",
  "waning-crescent",
] as const;
export type MoonPhaseName = (typeof MOON_PHASES)[number];
/** The four instants astronomy-engine's quarter search finds, in its order (quarter 0..3). */
export const QUARTERS = ["new-moon", "first-quarter", "full-moon", "last-quarter"] as const satisfies readonly MoonPhaseName[];

const BODY: Record<Planet, Body> = {
  sun: Body.Sun,
  moon: Body.Moon,
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
  jupiter: Body.Jupiter,
  saturn: Body.Saturn,
  uranus: Body.Uranus,
  neptune: Body.Neptune,
  pluto: Body.Pluto,
};

const DAY_MS = 86_400_000;
/**
 * The Moon gains about 12.2° a day on the Sun, so 6° is about half a day: within that of an exact quarter the day
 * is named after the quarter (full moon, ...); between quarters it is a crescent or gibbous.
 */
const PRINCIPAL_WINDOW_DEG = 6;

export interface Placement {
  planet: Planet;
  sign: ZodiacSign;
  /** Degrees into the sign, 0 to <30, one decimal. */
  degree: number;
}

export interface SkyFacts {
  /** The moment the facts are for (ISO). */
  at: string;
  moon: {
    phase: MoonPhaseName;
    /** Sun-Moon elongation in degrees: 0 new, 90 first quarter, 180 full, 270 last quarter. */
    angle: number;
    /** Percent of the disc lit, one decimal. */
    illumination: number;
    sign: ZodiacSign;
    /** The next four quarters, soonest first. */
    nextQuarters: { phase: (typeof QUARTERS)[number]; at: string }[];
  };
  sunSign: ZodiacSign;
  /** Planets moving backwards along the ecliptic now, with the day they turn direct again (null: not within 200 days). */
  retrograde: { planet: RetroPlanet; sign: ZodiacSign; directOn: string | null }[];
  /** When Mercury next turns retrograde (null while it is retrograde, or not within 130 days). */
  nextMercuryRetrograde: string | null;
}

/** Geocentric apparent ecliptic longitude of date, 0 to <360. */
export function longitude(planet: Planet, date: Date): number {
  return Ecliptic(GeoVector(BODY[planet], date, true)).elon;
}

/** The signed change from longitude a to b in degrees, across the 0°/360° seam (-180 to 180). */
export function longitudeChange(from: number, to: number): number {
  return ((((to - from + 540) % 360) + 360) % 360) - 180;
}

export function signOf(longitudeDeg: number): ZodiacSign {
  const normalized = ((longitudeDeg % 360) + 360) % 360;
  return ZODIAC_SIGNS[Math.floor(normalized / 30) % 12]!;
}

export function placement(planet: Planet, date: Date): Placement {
  const lon = longitude(planet, date);
  return { planet, sign: signOf(lon), degree: Math.floor((lon % 30) * 10) / 10 };
}

/** Retrograde: the longitude decreases over the day centred on `date`. */
export function isRetrograde(planet: RetroPlanet, date: Date): boolean {
  const before = longitude(planet, new Date(date.getTime() - DAY_MS / 2));
  const after = longitude(planet, new Date(date.getTime() + DAY_MS / 2));
  return longitudeChange(before, after) < 0;
}

/**
 * The first day after `date` on which the planet's daily motion has the wanted sign, or null within `maxDays`.
 * Steps `coarseDays` at a time (outer planets are slow to compute and slow to turn), then walks the last step by
 * day, so a station is placed to the day with few evaluations.
 */
function nextStation(planet: RetroPlanet, date: Date, wantRetrograde: boolean, maxDays: number, coarseDays: number): string | null {
  const dayAt = (days: number) => new Date(date.getTime() + days * DAY_MS);
  const moving = (from: number, to: number) => {
    const change = longitudeChange(longitude(planet, dayAt(from)), longitude(planet, dayAt(to)));
    return wantRetrograde ? change < 0 : change >= 0;
  };
  for (let step = coarseDays; step <= maxDays; step += coarseDays) {
    if (!moving(step - 1, step)) continue;
    for (let day = step - coarseDays + 1; day <= step; day++) {
      if (moving(day - 1, day)) return dayAt(day).toISOString().slice(0, 10);
    }
    return dayAt(step).toISOString().slice(0, 10);
  }
  return null;
}

export function moonPhaseName(angle: number): MoonPhaseName {
  for (let quarter = 0; quarter < 4; quarter++) {
    const distance = Math.abs(longitudeChange(quarter * 90, angle));
    if (distance <= PRINCIPAL_WINDOW_DEG) return QUARTERS[quarter]!;
  }
  if (angle < 90) return "waxing-crescent";
  if (angle < 180) return "waxing-gibbous";
  if (angle < 270) return "waning-gibbous";
  return "waning-crescent";
}

/** The sky at a moment: Moon, Sun sign, retrograde planets. About 5-30 ms of CPU (the outer planets dominate). */
export function computeSky(date: Date): SkyFacts {
  const angle = MoonPhase(date);
  const quarters: SkyFacts["moon"]["nextQuarters"] = [];
  let quarter = SearchMoonQuarter(date);
  for (let index = 0; index < 4; index++) {
    quarters.push({ phase: QUARTERS[quarter.quarter]!, at: quarter.time.date.toISOString() });
    quarter = NextMoonQuarter(quarter);
  }
  const retrograde = RETRO_PLANETS.filter((planet) => isRetrograde(planet, date)).map((planet) => ({
    planet,
    sign: signOf(longitude(planet, date)),
    directOn: nextStation(planet, date, false, 200, planet === "mercury" || planet === "venus" || planet === "mars" ? 1 : 5),
  }));
  const mercuryRetrograde = retrograde.some((entry) => entry.planet === "mercury");
  return {
    at: date.toISOString(),
    moon: {
      phase: moonPhaseName(angle),
      angle: Math.round(angle * 10) / 10,
      illumination: Math.round(Illumination(Body.Moon, date).phase_fraction * 1000) / 10,
      sign: signOf(longitude("moon", date)),
      nextQuarters: quarters,
    },
    sunSign: signOf(longitude("sun", date)),
    retrograde,
    nextMercuryRetrograde: mercuryRetrograde ? null : nextStation("mercury", date, true, 130, 1),
  };
}

/** The sky facts of the current hour, computed once per hour per isolate (pages and turns both ask for them). */
const hourly = new Map<number, SkyFacts>();
export function skyNow(now: number = Date.now()): SkyFacts {
  const hour = Math.floor(now / 3_600_000);
  let facts = hourly.get(hour);
  if (!facts) {
    facts = computeSky(new Date(hour * 3_600_000));
    hourly.clear();
    hourly.set(hour, facts);
  }
  return facts;
}

export interface BirthChart {
  /** The moment used (UTC, ISO). */
  at: string;
  timeKnown: boolean;
  placements: Placement[];
  /** Without a birth time the Moon may have changed sign during that day. */
  moonSignUncertain: boolean;
}

/**
 * Placements at a birth moment. The date and clock time are local to a zone `utcOffset` minutes east of UTC;
 * without a time, noon is used and the Moon's sign is flagged when it changed that day.
 */
export function birthChart(input: { birthDate: string; birthTime?: string; utcOffset: number }): BirthChart {
  const localMidnight = Date.parse(`${input.birthDate}T00:00:00Z`) - input.utcOffset * 60_000;
  const [hours, minutes] = (input.birthTime ?? "12:00").split(":").map(Number);
  const at = new Date(localMidnight + ((hours ?? 12) * 60 + (minutes ?? 0)) * 60_000);
  const moonSignUncertain =
    !input.birthTime && signOf(longitude("moon", new Date(localMidnight))) !== signOf(longitude("moon", new Date(localMidnight + DAY_MS - 60_000)));
  return { at: at.toISOString(), timeKnown: Boolean(input.birthTime), placements: PLANETS.map((planet) => placement(planet, at)), moonSignUncertain };
}
