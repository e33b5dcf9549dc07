// The horoscope's sky facts (app/.server/horoscope/astronomy.ts) for fixed dates, checked against astronomy-engine
// itself over wider windows (not against remembered almanac values), and the deterministic tarot draw.
import { Body, Ecliptic, EclipticGeoMoon, GeoVector, SearchMoonQuarter, SunPosition } from "astronomy-engine";
import { describe, expect, it } from "vitest";
import { birthChart, computeSky, longitude, longitudeChange, moonPhaseName, signOf } from "../../app/.server/horoscope/astronomy";
import { demoReading, horoscopeTurn, skyView } from "../../app/.server/horoscope/reading";
import { horoscopeStrings, relationOf } from "../../app/.server/horoscope/words";
import { DECK, drawCards } from "../../app/.server/horoscope/tarot";

const DAY = 86_400_000;
const elon = (body: Body, date: Date) => Ecliptic(GeoVector(body, date, true)).elon;

describe("moon phase", () => {
  it("names the instant of a full moon found by astronomy-engine's own quarter search 'full moon'", () => {
    // Search from a fortnight before 2024-01-25 for the next full moon (quarter 2), then ask for the facts then.
    let quarter = SearchMoonQuarter(new Date("2024-01-12T00:00:00Z"));
    while (quarter.quarter !== 2) quarter = SearchMoonQuarter(new Date(quarter.time.date.getTime() + 3_600_000));
    const fullMoon = quarter.time.date;
    expect(fullMoon.toISOString().slice(0, 10)).toBe("2024-01-25");

    const sky = computeSky(fullMoon);
    expect(sky.moon.phase).toBe("full-moon");
    expect(sky.moon.illumination).toBeGreaterThan(99);
    expect(Math.abs(sky.moon.angle - 180)).toBeLessThan(0.5);
    // Half a day either side it is still called full; two days after it is waning gibbous.
    expect(computeSky(new Date(fullMoon.getTime() - DAY / 3)).moon.phase).toBe("full-moon");
    expect(computeSky(new Date(fullMoon.getTime() + 2 * DAY)).moon.phase).toBe("waning-gibbous");
  });

  it("lists the next four quarters in order, each after the moment", () => {
    const at = new Date("2024-04-10T00:00:00Z");
    const sky = computeSky(at);
    expect(sky.moon.phase).toBe("waxing-crescent");
    expect(sky.moon.nextQuarters.map((quarter) => quarter.phase)).toEqual(["first-quarter", "full-moon", "last-quarter", "new-moon"]);
    const times = sky.moon.nextQuarters.map((quarter) => Date.parse(quarter.at));
    expect(times[0]).toBeGreaterThan(at.getTime());
    for (let index = 1; index < times.length; index++) {
      const gap = times[index]! - times[index - 1]!;
      expect(gap).toBeGreaterThan(6 * DAY);
      expect(gap).toBeLessThan(9 * DAY);
    }
  });

  it("names each octant between the quarters", () => {
    expect(moonPhaseName(3)).toBe("new-moon");
    expect(moonPhaseName(357)).toBe("new-moon");
    expect(moonPhaseName(45)).toBe("waxing-crescent");
    expect(moonPhaseName(92)).toBe("first-quarter");
    expect(moonPhaseName(135)).toBe("waxing-gibbous");
    expect(moonPhaseName(225)).toBe("waning-gibbous");
    expect(moonPhaseName(270)).toBe("last-quarter");
    expect(moonPhaseName(300)).toBe("waning-crescent");
  });
});

describe("retrograde planets", () => {
  it("measures longitude changes across the 0°/360° seam", () => {
    expect(longitudeChange(359, 1)).toBeCloseTo(2);
    expect(longitudeChange(1, 359)).toBeCloseTo(-2);
    expect(longitudeChange(10, 20)).toBeCloseTo(10);
  });

  it("finds Mercury retrograde when its longitude falls over a wider window, and direct when it rises", () => {
    const retrograde = new Date("2024-04-10T00:00:00Z");
    // The expectation, from astronomy-engine's longitudes five days either side (not from an almanac).
    expect(
      longitudeChange(elon(Body.Mercury, new Date(retrograde.getTime() - 5 * DAY)), elon(Body.Mercury, new Date(retrograde.getTime() + 5 * DAY))),
    ).toBeLessThan(0);
    const sky = computeSky(retrograde);
    const mercury = sky.retrograde.find((entry) => entry.planet === "mercury");
    expect(mercury).toBeDefined();
    expect(mercury!.sign).toBe(signOf(elon(Body.Mercury, retrograde)));
    expect(sky.nextMercuryRetrograde).toBeNull();
    // Its station direct: the first day (by daily scan) on which the longitude grows again.
    let day = 1;
    while (
      longitudeChange(elon(Body.Mercury, new Date(retrograde.getTime() + (day - 1) * DAY)), elon(Body.Mercury, new Date(retrograde.getTime() + day * DAY))) < 0
    )
      day++;
    expect(mercury!.directOn).toBe(new Date(retrograde.getTime() + day * DAY).toISOString().slice(0, 10));

    const direct = new Date("2024-03-10T00:00:00Z");
    expect(longitudeChange(elon(Body.Mercury, new Date(direct.getTime() - 5 * DAY)), elon(Body.Mercury, new Date(direct.getTime() + 5 * DAY)))).toBeGreaterThan(
      0,
    );
    const directSky = computeSky(direct);
    expect(directSky.retrograde.some((entry) => entry.planet === "mercury")).toBe(false);
    // It turns retrograde next on the first day its longitude falls: found by the same kind of scan.
    day = 1;
    while (longitudeChange(elon(Body.Mercury, new Date(direct.getTime() + (day - 1) * DAY)), elon(Body.Mercury, new Date(direct.getTime() + day * DAY))) >= 0)
      day++;
    expect(directSky.nextMercuryRetrograde).toBe(new Date(direct.getTime() + day * DAY).toISOString().slice(0, 10));
  });

  it("agrees with a daily scan for every planet, outer ones stepped coarsely included", () => {
    const at = new Date("2026-05-10T12:00:00Z");
    const sky = computeSky(at);
    const planets = ["mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"] as const;
    for (const planet of planets) {
      const falling = longitudeChange(longitude(planet, new Date(at.getTime() - DAY / 2)), longitude(planet, new Date(at.getTime() + DAY / 2))) < 0;
      const entry = sky.retrograde.find((candidate) => candidate.planet === planet);
      expect(Boolean(entry), planet).toBe(falling);
      if (!entry) continue;
      let day = 1;
      while (
        day <= 200 &&
        longitudeChange(longitude(planet, new Date(at.getTime() + (day - 1) * DAY)), longitude(planet, new Date(at.getTime() + day * DAY))) < 0
      )
        day++;
      expect(entry.directOn, planet).toBe(day > 200 ? null : new Date(at.getTime() + day * DAY).toISOString().slice(0, 10));
    }
  });
});

describe("birth chart", () => {
  it("puts the Sun and Moon in the signs of their ecliptic longitudes at the birth moment", () => {
    // 14:30 at UTC+03:00 is 11:30 UTC.
    const chart = birthChart({ birthDate: "1990-05-17", birthTime: "14:30", utcOffset: 180 });
    expect(chart.at).toBe("1990-05-17T11:30:00.000Z");
    const moment = new Date(chart.at);
    const sun = chart.placements.find((entry) => entry.planet === "sun")!;
    const moon = chart.placements.find((entry) => entry.planet === "moon")!;
    expect(sun.sign).toBe(signOf(SunPosition(moment).elon));
    expect(sun.degree).toBeCloseTo(SunPosition(moment).elon % 30, 0);
    expect(moon.sign).toBe(signOf(EclipticGeoMoon(moment).lon));
    expect(chart.placements).toHaveLength(10);
    expect(chart.timeKnown).toBe(true);
  });

  it("uses noon without a time and says when the Moon changed sign that day", () => {
    const chart = birthChart({ birthDate: "2000-01-01", utcOffset: 0 });
    expect(chart.at).toBe("2000-01-01T12:00:00.000Z");
    expect(chart.timeKnown).toBe(false);
    const start = signOf(EclipticGeoMoon(new Date("2000-01-01T00:00:00Z")).lon);
    const end = signOf(EclipticGeoMoon(new Date("2000-01-01T23:59:00Z")).lon);
    expect(chart.moonSignUncertain).toBe(start !== end);
  });
});

describe("tarot", () => {
  it("has 78 different cards and draws three different ones, the same for the same request id", () => {
    expect(new Set(DECK.map((card) => JSON.stringify(card))).size).toBe(78);
    const first = drawCards("request-1");
    expect(first.map((drawn) => drawn.position)).toEqual(["past", "present", "future"]);
    expect(new Set(first.map((drawn) => JSON.stringify(drawn.card))).size).toBe(3);
    expect(drawCards("request-1")).toEqual(first);
    const draws = new Set(Array.from({ length: 20 }, (_, index) => JSON.stringify(drawCards(`request-${index}`))));
    expect(draws.size).toBeGreaterThan(15);
  });
});

describe("readings", () => {
  it("feeds the computed facts to the model and builds a translated demo reading from them", () => {
    const now = Date.parse("2024-01-25T18:00:00Z");
    const turn = horoscopeTurn({ type: "daily", input: { type: "daily", sign: "leo" }, locale: "tr", seed: "seed", now });
    expect(turn).toMatchObject({ tool: "horoscope", toolPath: "daily", action: "horoscope", kind: "chat" });
    expect(turn.instructions).toContain("Moon: Full moon");
    expect(turn.instructions).toContain("The reader's sign: Leo");
    expect(turn.instructions).toContain("Answer in Turkish");
    expect(turn.opening?.question).toBe("Günlük burç yorumu · Aslan");
    expect(turn.opening?.demo.text).toContain("**Demo model.**");
    expect(turn.opening?.demo.text).toContain("dolunay");

    const sky = computeSky(new Date(now));
    const english = demoReading({ type: "daily", sign: "leo" }, {}, sky, "en");
    expect(english).toContain("full moon");
    expect(english).toContain("Leo is a fire sign");
    expect(skyView(sky, "en").phase).toEqual({ key: "full-moon", name: horoscopeStrings.en.phases["full-moon"] });
  });

  it("names the tarot cards of the request in its question and reading", () => {
    const turn = horoscopeTurn({ type: "tarot", input: { type: "tarot", question: "Will it work?" }, locale: "en", seed: "fixed-id" });
    const cards = drawCards("fixed-id");
    for (const drawn of cards) {
      const name =
        drawn.card.arcana === "major"
          ? horoscopeStrings.en.tarot.majors[drawn.card.id]
          : `${horoscopeStrings.en.tarot.ranks[drawn.card.rank]} of ${horoscopeStrings.en.tarot.suits[drawn.card.suit]}`;
      expect(turn.opening?.question).toContain(name);
      expect(turn.opening?.demo.text).toContain(name);
      expect(turn.instructions).toContain(name);
    }
    expect(turn.opening?.question.split("\n")[1]).toBe("Question: Will it work?");
  });

  it("rates element pairs", () => {
    expect(relationOf("aries", "leo")).toBe("same");
    expect(relationOf("aries", "gemini")).toBe("complementary");
    expect(relationOf("taurus", "cancer")).toBe("complementary");
    expect(relationOf("aries", "cancer")).toBe("challenging");
  });
});
