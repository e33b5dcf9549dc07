// Builds app/.server/horoscope/places.json, the offline list of birth places (decision 0016): every city of the
// `city-timezones` package (MIT; Natural Earth's populated places, public domain) with 100,000 people or more, plus
// every Turkish city in it, with its IANA time zone and coordinates. Run it again only to refresh the data:
//   npm install --no-save city-timezones@1.3.4 && node scripts/build-places.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cities = JSON.parse(readFileSync(require.resolve("city-timezones/data/cityMap.json"), "utf8"));

const slug = (text) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const validZone = (zone) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

// Two entries carry no ISO code (-99): Kosovo has the user-assigned XK that Intl names; Somaliland is shown as Somalia.
const NO_CODE = { KOS: "XK", SOL: "SO" };
const codeOf = (city) => (typeof city.iso2 === "string" ? city.iso2 : NO_CODE[city.iso3]);

const kept = cities
  .filter((city) => codeOf(city))
  .filter((city) => city.timezone && validZone(city.timezone) && (city.pop >= 100_000 || codeOf(city) === "TR"))
  .sort((a, b) => b.pop - a.pop || a.city.localeCompare(b.city));

// Ids are stable words ("tr-istanbul"); a second city of the same name in a country gets its province too.
const seen = new Set();
const places = [];
for (const city of kept) {
  let id = `${codeOf(city).toLowerCase()}-${slug(city.city_ascii || city.city)}`;
  if (seen.has(id)) id = `${id}-${slug(city.province || "")}`;
  if (seen.has(id) || !id) continue;
  seen.add(id);
  // [id, name, province, country code, latitude, longitude, zone]: a compact array per city, most populous first (the
  // order is the population). The id is left out (null) when places.ts can derive it from the country and name, the
  // province when it is the name: the list is bundled into the worker, whose size is a bench budget.
  const province = city.province || "";
  places.push([
    id === `${codeOf(city).toLowerCase()}-${slug(city.city)}` ? null : id,
    city.city,
    province === city.city ? null : province,
    codeOf(city),
    Math.round(city.lat * 1000) / 1000,
    Math.round(city.lng * 1000) / 1000,
    city.timezone,
  ]);
}

writeFileSync(new URL("../app/.server/horoscope/places.json", import.meta.url), `[\n${places.map((place) => JSON.stringify(place)).join(",\n")}\n]\n`);
console.log(`${places.length} places`);
