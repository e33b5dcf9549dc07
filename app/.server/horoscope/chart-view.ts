// The diagrams' data as the page shows it, worded here in the page's language so the server and the browser render
// the same text: the birth chart (wheel, placements, aspects), the birth data for the forms, the Moon's phase and
// the retrograde timeline.
import type { Locale } from "../../lib/constants";
import type { ZodiacSign } from "../../lib/schemas/horoscope";
import type { SkyFacts } from "./astronomy";
import type { BirthProfile } from "./birth-profile";
import { degreesInSign, formatDegrees, formatOrb, natalChart, type NatalChart } from "./chart";
import { renderChartSvg } from "./chart-svg";
import { placeOption, type PlaceOption } from "./places";
import { fill, horoscopeStrings } from "./words";
import { retrogradePeriods, TIMELINE_DAYS } from "./retrograde";

export interface BirthDataView {
  birthDate: string;
  birthTime: string;
  place: PlaceOption;
  /** The Sun's sign at birth: the sign the sign-based forms start with. */
  sunSign: ZodiacSign;
}

export interface BirthChartView {
  svg: string;
  /** "birth-chart-1990-06-15": the downloads' file name without extension. */
  fileBase: string;
  timeKnown: boolean;
  born: string;
  bodies: { planet: string; text: string; retrograde: boolean }[];
  angles: { key: "ascendant" | "midheaven"; text: string }[];
  aspects: { key: string; text: string }[];
  moonSignUncertain: boolean;
}

const DAY_MS = 86_400_000;

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function dayFormat(locale: Locale, month: "long" | "short" = "long") {
  const format = new Intl.DateTimeFormat(locale, { day: "numeric", month, year: "numeric", timeZone: "UTC" });
  return (day: string) => format.format(new Date(`${day}T12:00:00Z`));
}

export function birthDataView(profile: BirthProfile, chart: NatalChart, locale: Locale): BirthDataView {
  return {
    birthDate: profile.birthDate,
    birthTime: profile.birthTime ?? "",
    place: placeOption(profile.place, locale),
    sunSign: chart.bodies.find((body) => body.planet === "sun")!.sign,
  };
}

/** The chart of the stored birth data, with the wheel drawn and every row worded. */
export function birthChartView(profile: BirthProfile, locale: Locale, chart = natalChart(profile, profile.place)): BirthChartView {
  const s = horoscopeStrings[locale];
  const place = placeOption(profile.place, locale).label;
  const date = dayFormat(locale)(profile.birthDate);
  const born = profile.birthTime
    ? fill(s.chart.bornAt, { date, time: profile.birthTime, offset: offsetLabel(chart.utcOffset), place })
    : fill(s.chart.bornDay, { date, place });
  const position = (longitude: number) => {
    const at = degreesInSign(longitude);
    return `${s.signs[at.sign]} ${formatDegrees(at.degree, at.minute)}`;
  };
  const bodies = chart.bodies.map((body) => ({
    planet: body.planet,
    text: fill(s.chart.bodyRow, { planet: s.planets[body.planet], position: position(body.longitude) }) + (body.retrograde ? ` ${s.chart.retrogradeMark}` : ""),
    retrograde: body.retrograde,
  }));
  const angles: BirthChartView["angles"] =
    chart.ascendant === null || chart.midheaven === null
      ? []
      : [
          { key: "ascendant", text: fill(s.chart.bodyRow, { planet: s.chart.ascendant, position: position(chart.ascendant) }) },
          { key: "midheaven", text: fill(s.chart.bodyRow, { planet: s.chart.midheaven, position: position(chart.midheaven) }) },
        ];
  const aspects = chart.aspects.map((aspect) => ({
    key: `${aspect.from}-${aspect.to}`,
    text: fill(s.chart.aspectRow, { from: s.planets[aspect.from], aspect: s.chart.aspects[aspect.kind], to: s.planets[aspect.to], orb: formatOrb(aspect.orb) }),
  }));
  const svg = renderChartSvg(chart, {
    name: s.chart.name,
    description: [born, ...angles.map((row) => row.text), ...bodies.map((row) => row.text)].join("; "),
    ascendant: s.chart.ascShort,
    midheaven: s.chart.mcShort,
  });
  return {
    svg,
    fileBase: `birth-chart-${profile.birthDate}`,
    timeKnown: chart.timeKnown,
    born,
    bodies,
    angles,
    aspects,
    moonSignUncertain: chart.moonSignUncertain,
  };
}

export interface MoonView {
  /** Sun-Moon elongation (0 new, 180 full): which side is lit and how far. */
  angle: number;
  /** 0 to 1. */
  fraction: number;
  /** "Moon phase: Waxing gibbous, 78% lit". */
  label: string;
}

export function moonView(sky: SkyFacts, locale: Locale): MoonView {
  const s = horoscopeStrings[locale];
  return {
    angle: sky.moon.angle,
    fraction: sky.moon.illumination / 100,
    label: fill(s.chart.moonLabel, { phase: s.phases[sky.moon.phase], percent: Math.round(sky.moon.illumination) }),
  };
}

export interface RetroTimelineView {
  from: string;
  to: string;
  planets: { planet: string; periods: { text: string; left: number; width: number; open: boolean }[] }[];
}

/** The retrograde periods under way or starting within the next six months, placed on a timeline of that span. */
export function retroTimelineView(now: number, locale: Locale): RetroTimelineView {
  const s = horoscopeStrings[locale];
  const day = dayFormat(locale, "short");
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  const end = start + TIMELINE_DAYS * DAY_MS;
  const clamp = (ms: number) => Math.min(100, Math.max(0, ((ms - start) / (end - start)) * 100));
  const byPlanet = new Map<string, RetroTimelineView["planets"][number]>();
  for (const period of retrogradePeriods(now)) {
    const name = s.planets[period.planet];
    const from = Date.parse(`${period.start}T00:00:00Z`);
    const to = period.end ? Date.parse(`${period.end}T00:00:00Z`) : end;
    const text = period.end
      ? fill(s.chart.retroPeriod, { from: day(period.start), to: day(period.end) })
      : fill(s.chart.retroOpen, { from: day(period.start) });
    const row = byPlanet.get(name) ?? { planet: name, periods: [] };
    row.periods.push({ text, left: Math.round(clamp(from) * 10) / 10, width: Math.max(1, Math.round((clamp(to) - clamp(from)) * 10) / 10), open: !period.end });
    byPlanet.set(name, row);
  }
  return { from: day(new Date(start).toISOString().slice(0, 10)), to: day(new Date(end).toISOString().slice(0, 10)), planets: [...byPlanet.values()] };
}
