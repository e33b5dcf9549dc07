// The birth chart's numbers, in the Workers runtime (its ICU is the one production reads time zones with): the birth
// time read in the place's zone with its historic offset, the bodies against astronomy-engine, the Ascendant on the
// eastern horizon, aspects, the place search, the retrograde timeline and the form's refusals.
import {
  Body,
  Ecliptic,
  EquatorFromVector,
  GeoVector,
  Horizon,
  MakeTime,
  Observer,
  RotateVector,
  Rotation_ECT_EQD,
  Spherical,
  VectorFromSphere,
} from "astronomy-engine";
import { describe, expect, it } from "vitest";
import { aspectsBetween, degreesInSign, formatDegrees, formatOrb, natalChart } from "../../app/.server/horoscope/chart";
import { renderChartSvg } from "../../app/.server/horoscope/chart-svg";
import { birthChartView, moonView } from "../../app/.server/horoscope/chart-view";
import { findPlace, localToUtc, searchPlaces, zoneOffsetAt } from "../../app/.server/horoscope/places";
import { retrogradePeriods } from "../../app/.server/horoscope/retrograde";
import { skyNow } from "../../app/.server/horoscope/astronomy";
import { birthProfileSchema } from "../../app/lib/schemas/horoscope";

const istanbul = findPlace("tr-istanbul")!;
const newYork = findPlace("us-new-york")!;

describe("birth time in the birth place's zone", () => {
  it("reads Istanbul in June 1990 as UTC+3 (daylight saving) and in January 1990 as UTC+2, unlike today's all-year +3", () => {
    expect(localToUtc("1990-06-15", "14:30", istanbul.zone)).toEqual({ utcMs: Date.UTC(1990, 5, 15, 11, 30), offsetMinutes: 180 });
    expect(localToUtc("1990-01-15", "14:30", istanbul.zone)).toEqual({ utcMs: Date.UTC(1990, 0, 15, 12, 30), offsetMinutes: 120 });
    expect(zoneOffsetAt(istanbul.zone, Date.UTC(2026, 0, 15))).toBe(180);
  });

  it("follows New York's daylight saving and the hour that happens twice in autumn", () => {
    expect(localToUtc("1985-01-10", "08:00", newYork.zone).offsetMinutes).toBe(-300);
    expect(localToUtc("1985-07-10", "08:00", newYork.zone).offsetMinutes).toBe(-240);
    // 2023-11-05 01:30 happened at -04:00 and again at -05:00: the first is taken.
    expect(localToUtc("2023-11-05", "01:30", newYork.zone)).toEqual({ utcMs: Date.UTC(2023, 10, 5, 5, 30), offsetMinutes: -240 });
  });
});

describe("the natal chart", () => {
  const chart = natalChart({ birthDate: "1990-06-15", birthTime: "14:30" }, istanbul);

  it("places the Sun where astronomy-engine does for 1990-06-15 14:30 in Istanbul: Gemini 24°06′", () => {
    const expected = Ecliptic(GeoVector(Body.Sun, new Date(Date.UTC(1990, 5, 15, 11, 30)), true)).elon;
    const sun = chart.bodies.find((body) => body.planet === "sun")!;
    expect(chart.at).toBe("1990-06-15T11:30:00.000Z");
    expect(sun.longitude).toBeCloseTo(expected, 9);
    expect(sun).toMatchObject({ sign: "gemini", degree: 24, minute: 6, retrograde: false });
    expect(chart.bodies.map((body) => body.planet)).toEqual(["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"]);
  });

  it("puts the Ascendant on the eastern horizon and the Midheaven on the meridian, with whole-sign houses from it", () => {
    const date = new Date(chart.at);
    const time = MakeTime(date);
    const observer = new Observer(istanbul.lat, istanbul.lon, 0);
    const horizontal = (longitude: number) => {
      const equatorial = EquatorFromVector(RotateVector(Rotation_ECT_EQD(time), VectorFromSphere(new Spherical(0, longitude, 1), time)));
      return Horizon(time, observer, equatorial.ra, equatorial.dec);
    };
    const rising = horizontal(chart.ascendant!);
    expect(Math.abs(rising.altitude)).toBeLessThan(0.01);
    expect(rising.azimuth).toBeGreaterThan(0);
    expect(rising.azimuth).toBeLessThan(180);
    const culminating = horizontal(chart.midheaven!);
    expect(Math.abs(((culminating.azimuth + 180) % 360) - 180) > 170 || Math.abs(culminating.azimuth) < 10).toBe(true);
    expect(chart.houses).toHaveLength(12);
    expect(chart.houses![0]).toBe(Math.floor(chart.ascendant! / 30) * 30);
    expect(chart.houses![1]).toBe((chart.houses![0]! + 30) % 360);
  });

  it("has no Ascendant or houses without a birth time, and reads the day at local noon", () => {
    const noTime = natalChart({ birthDate: "1990-06-15" }, istanbul);
    expect(noTime).toMatchObject({ timeKnown: false, ascendant: null, midheaven: null, houses: null, at: "1990-06-15T09:00:00.000Z" });
    const view = birthChartView({ birthDate: "1990-06-15", birthTime: null, place: istanbul }, "en");
    expect(view.timeKnown).toBe(false);
    expect(view.angles).toEqual([]);
    expect(view.born).toBe("Born June 15, 1990 in Istanbul, Türkiye, time unknown");
  });

  it("finds major aspects within their orbs, across 0° Aries", () => {
    const aspects = aspectsBetween([
      { planet: "sun", longitude: 358 },
      { planet: "moon", longitude: 4 },
      { planet: "mars", longitude: 121 },
      { planet: "venus", longitude: 270 },
    ]);
    expect(aspects).toEqual([
      { from: "sun", to: "moon", kind: "conjunction", orb: 6 },
      { from: "sun", to: "mars", kind: "trine", orb: 3 },
      { from: "sun", to: "venus", kind: "square", orb: 2 },
      { from: "moon", to: "mars", kind: "trine", orb: 3 },
      { from: "moon", to: "venus", kind: "square", orb: 4 },
    ]);
  });

  it("words degrees, orbs and rows in both languages", () => {
    expect(degreesInSign(84.1094906)).toEqual({ sign: "gemini", degree: 24, minute: 6 });
    expect(degreesInSign(359.999)).toEqual({ sign: "pisces", degree: 29, minute: 59 });
    expect(formatDegrees(3, 5)).toBe("3°05′");
    expect(formatOrb(2.1667)).toBe("2°10′");
    const profile = { birthDate: "1990-06-15", birthTime: "14:30", place: istanbul };
    const en = birthChartView(profile, "en");
    expect(en.bodies[0]!.text).toBe("Sun · Gemini 24°06′");
    expect(en.born).toBe("Born June 15, 1990 at 14:30 (UTC+03:00) in Istanbul, Türkiye");
    expect(en.angles.map((row) => row.text)[0]).toMatch(/^Ascendant · \w+ \d{1,2}°\d{2}′$/);
    expect(en.aspects.every((row) => /^\w+ (conjunct|sextile|square|trine|opposite) \w+, orb \d°\d{2}′$/.test(row.text))).toBe(true);
    expect(en.svg).toContain('role="img" aria-label="Birth chart"');
    const tr = birthChartView(profile, "tr");
    expect(tr.bodies[0]!.text).toBe("Güneş · İkizler 24°06′");
    expect(tr.svg).toContain('aria-label="Doğum haritası"');
  });

  it("draws a wheel with the twelve signs, ten bodies and a line per aspect other than conjunctions", () => {
    const svg = renderChartSvg(chart, { name: "Birth <chart>", description: "x & y", ascendant: "ASC", midheaven: "MC" });
    expect(svg.match(/data-sign=/g)).toHaveLength(12);
    expect(svg.match(/data-planet=/g)).toHaveLength(10);
    expect(svg.match(/data-aspect=/g) ?? []).toHaveLength(chart.aspects.filter((aspect) => aspect.kind !== "conjunction").length);
    expect(svg).toContain('aria-label="Birth &#60;chart&#62;"');
    expect(svg).toContain("<desc>x &#38; y</desc>");
    expect(svg).not.toContain("<script");
  });
});

describe("places", () => {
  it("searches the offline list by name, folding case, accents and the Turkish İ/ı, at most ten, biggest first", () => {
    const found = searchPlaces("ist", "en");
    expect(found[0]).toMatchObject({ id: "tr-istanbul", name: "Istanbul", zone: "Europe/Istanbul" });
    expect(found.length).toBeLessThanOrEqual(10);
    expect(searchPlaces("İZMİR", "tr")[0]).toMatchObject({ id: "tr-izmir", label: "Izmir, Türkiye" });
    expect(searchPlaces("new", "en").map((place) => place.name)).toContain("New York");
    expect(searchPlaces("san", "en")).toHaveLength(10);
    expect(searchPlaces("zzqx", "en")).toEqual([]);
    expect(searchPlaces("   ", "en")).toEqual([]);
  });

  it("knows only the list's ids", () => {
    expect(findPlace("tr-atlantis")).toBeNull();
    expect(findPlace("__proto__")).toBeNull();
    expect(findPlace(undefined)).toBeNull();
  });
});

describe("birth data refusals", () => {
  const valid = { birthDate: "1990-06-15", birthTime: "14:30", placeId: "tr-istanbul" };
  const errorOf = (input: Record<string, string>) => {
    const parsed = birthProfileSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);
  };

  it("accepts a real date with or without a time", () => {
    expect(errorOf(valid)).toBeNull();
    expect(errorOf({ ...valid, birthTime: "" })).toBeNull();
  });

  it.each([
    ["an impossible date", { birthDate: "2023-02-30" }, "birthDate:validation.dateInvalid"],
    ["a date before 1900", { birthDate: "1899-12-31" }, "birthDate:validation.dateRange"],
    ["a date in the future", { birthDate: `${new Date().getUTCFullYear() + 1}-01-01` }, "birthDate:validation.dateRange"],
    ["a malformed time", { birthTime: "25:00" }, "birthTime:validation.timeInvalid"],
    ["a time with letters", { birthTime: "ab:cd" }, "birthTime:validation.timeInvalid"],
    ["no place", { placeId: "" }, "placeId:validation.placeRequired"],
    ["a place that is not an id", { placeId: "Istanbul, Türkiye" }, "placeId:validation.placeUnknown"],
  ])("refuses %s", (_label, change, message) => {
    expect(errorOf({ ...valid, ...change })).toEqual([message]);
  });
});

describe("moon and retrograde diagrams", () => {
  it("names the Moon's diagram with its phase and lit percentage", () => {
    const sky = skyNow(Date.UTC(2026, 4, 10, 12));
    expect(moonView(sky, "en").label).toMatch(/^Moon phase: [A-Z][a-z]+( [a-z]+)?, \d{1,3}% lit$/);
    expect(moonView(sky, "tr").label).toMatch(/^Ay evresi: .+, %\d{1,3} aydınlık$/);
  });

  it("finds Mercury's retrograde of April 2024 (stations 1 and 25 April) and Pluto's under way", () => {
    const periods = retrogradePeriods(Date.UTC(2024, 2, 15));
    const mercury = periods.filter((period) => period.planet === "mercury");
    expect(mercury[0]!.start).toMatch(/^2024-04-0[12]$/);
    expect(mercury[0]!.end).toMatch(/^2024-04-2[56]$/);
    // Pluto turned retrograde on 2 May 2024 and direct on 12 October 2024.
    const pluto = periods.find((period) => period.planet === "pluto")!;
    expect(pluto.start).toMatch(/^2024-05-0[1-5]$/);
    expect(pluto.end).toBe("");
  });
});
