// The natal chart as numbers, for the wheel and its tables: the ten bodies' ecliptic longitudes, the Ascendant and
// Midheaven with whole-sign houses when the birth time is known, and the major aspects between the bodies. Pure
// functions of a birth profile and its place; the birth time is read in the place's zone (places.ts).
// Houses are whole-sign (decision 0016): the rising sign is the first house; they exist at every latitude.
import { e_tilt, MakeTime, SiderealTime } from "astronomy-engine";
import type { ZodiacSign } from "../../lib/schemas/horoscope";
import { isRetrograde, longitude, longitudeChange, PLANETS, RETRO_PLANETS, signOf, type Planet } from "./astronomy";
import { localToUtc, type Place } from "./places";

export const ASPECTS = [
  { kind: "conjunction", angle: 0, orb: 8 },
  { kind: "sextile", angle: 60, orb: 5 },
  { kind: "square", angle: 90, orb: 7 },
  { kind: "trine", angle: 120, orb: 7 },
  { kind: "opposition", angle: 180, orb: 8 },
] as const;
export type AspectKind = (typeof ASPECTS)[number]["kind"];

export interface ChartBody {
  planet: Planet;
  /** Ecliptic longitude of date, 0 to <360. */
  longitude: number;
  sign: ZodiacSign;
  /** Whole degrees and arcminutes into the sign (arcminutes truncated, as an ephemeris prints them). */
  degree: number;
  minute: number;
  retrograde: boolean;
}

export interface ChartAspect {
  from: Planet;
  to: Planet;
  kind: AspectKind;
  /** Distance from the exact angle, in degrees. */
  orb: number;
}

export interface NatalChart {
  /** The moment used, UTC ISO (local noon when the time is not known). */
  at: string;
  timeKnown: boolean;
  /** Minutes east of UTC of the place's clocks at that moment. */
  utcOffset: number;
  bodies: ChartBody[];
  aspects: ChartAspect[];
  /** Longitudes of the Ascendant and Midheaven, and the twelve house cusps (whole sign): null without a birth time. */
  ascendant: number | null;
  midheaven: number | null;
  houses: number[] | null;
  /** Without a birth time the Moon may have changed sign that day. */
  moonSignUncertain: boolean;
}

const normalize = (degrees: number) => ((degrees % 360) + 360) % 360;
const RAD = Math.PI / 180;

/** Sign, degree and arcminute of a longitude: 84.1° → gemini 24°06′. */
export function degreesInSign(longitudeDeg: number): { sign: ZodiacSign; degree: number; minute: number } {
  const minutes = Math.floor(normalize(longitudeDeg) * 60 + 1e-9);
  const inSign = minutes % 1800;
  return { sign: signOf(longitudeDeg), degree: Math.floor(inSign / 60), minute: inSign % 60 };
}

/** "24°06′": degrees and zero-padded arcminutes (an orb rounds to the nearest arcminute). */
export function formatDegrees(degree: number, minute: number): string {
  return `${degree}°${String(minute).padStart(2, "0")}′`;
}

export function formatOrb(orb: number): string {
  const minutes = Math.round(orb * 60);
  return formatDegrees(Math.floor(minutes / 60), minutes % 60);
}

/**
 * Ascendant and Midheaven for an instant and place: the ecliptic points rising on the eastern horizon and culminating
 * on the meridian, from the local sidereal time (GAST + east longitude) and the true obliquity of date.
 */
export function angles(date: Date, lat: number, lon: number): { ascendant: number; midheaven: number } {
  const ramc = normalize(SiderealTime(date) * 15 + lon) * RAD;
  const obliquity = e_tilt(MakeTime(date)).tobl * RAD;
  const phi = lat * RAD;
  const ascendant = normalize(Math.atan2(Math.cos(ramc), -(Math.sin(ramc) * Math.cos(obliquity) + Math.tan(phi) * Math.sin(obliquity))) / RAD);
  const midheaven = normalize(Math.atan2(Math.sin(ramc), Math.cos(ramc) * Math.cos(obliquity)) / RAD);
  return { ascendant, midheaven };
}

/** Every pair of bodies within the orb of a major aspect (the closest aspect when two could apply). */
export function aspectsBetween(bodies: Pick<ChartBody, "planet" | "longitude">[]): ChartAspect[] {
  const found: ChartAspect[] = [];
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const separation = Math.abs(longitudeChange(bodies[i]!.longitude, bodies[j]!.longitude));
      for (const aspect of ASPECTS) {
        const orb = Math.abs(separation - aspect.angle);
        if (orb <= aspect.orb) {
          found.push({ from: bodies[i]!.planet, to: bodies[j]!.planet, kind: aspect.kind, orb: Math.round(orb * 10_000) / 10_000 });
          break;
        }
      }
    }
  }
  return found;
}

const DAY_MS = 86_400_000;

/** The chart of a birth: date and optional time, local to the place. Without a time, local noon and no houses. */
export function natalChart(input: { birthDate: string; birthTime?: string | null }, place: Place): NatalChart {
  const timeKnown = Boolean(input.birthTime);
  const { utcMs, offsetMinutes } = localToUtc(input.birthDate, input.birthTime || "12:00", place.zone);
  const date = new Date(utcMs);
  const bodies = PLANETS.map((planet): ChartBody => {
    const lon = longitude(planet, date);
    return {
      planet,
      longitude: lon,
      ...degreesInSign(lon),
      retrograde: (RETRO_PLANETS as readonly Planet[]).includes(planet) && isRetrograde(planet as (typeof RETRO_PLANETS)[number], date),
    };
  });
  const chartAngles = timeKnown ? angles(date, place.lat, place.lon) : null;
  const firstHouse = chartAngles ? Math.floor(chartAngles.ascendant / 30) * 30 : null;
  let moonSignUncertain = false;
  if (!timeKnown) {
    const midnight = localToUtc(input.birthDate, "00:00", place.zone).utcMs;
    moonSignUncertain = signOf(longitude("moon", new Date(midnight))) !== signOf(longitude("moon", new Date(midnight + DAY_MS - 60_000)));
  }
  return {
    at: date.toISOString(),
    timeKnown,
    utcOffset: offsetMinutes,
    bodies,
    aspects: aspectsBetween(bodies),
    ascendant: chartAngles?.ascendant ?? null,
    midheaven: chartAngles?.midheaven ?? null,
    houses: firstHouse === null ? null : Array.from({ length: 12 }, (_, index) => normalize(firstHouse + index * 30)),
    moonSignUncertain,
  };
}
