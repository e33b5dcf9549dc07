// Birth places: an offline list of ~2,900 cities (places.json, made by scripts/build-places.mjs) with their IANA time
// zones and coordinates, searched here on the server so the page stays light and no request leaves the worker.
// A birth time is local to its place: `localToUtc` reads it with that zone's offset on that date (the tz database in
// Intl, so historic daylight saving and zone changes count), never with the browser's zone.
import type { Locale } from "../../lib/constants";
import { zoneClockAt } from "../../lib/zone-clock";
import data from "./places.json";

/**
 * One city as places.json keeps it (scripts/build-places.mjs), most populous first. To keep the worker's bundle small
 * the file leaves out what can be derived: the id when it is `<country>-<slug of the name>`, the province when it is
 * the name itself (null in both cases).
 */
type StoredRow = [id: string | null, name: string, province: string | null, country: string, lat: number, lon: number, zone: string];
type Row = [id: string, name: string, province: string, country: string, lat: number, lon: number, zone: string];

/** The build script's slug: accents dropped, anything else that is not a-z or 0-9 a hyphen. */
const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function expand([id, name, province, country, lat, lon, zone]: StoredRow): Row {
  return [id ?? `${country.toLowerCase()}-${slug(name)}`, name, province ?? name, country, lat, lon, zone];
}

export interface Place {
  id: string;
  name: string;
  province: string;
  /** ISO 3166 alpha-2 code. */
  country: string;
  lat: number;
  lon: number;
  /** IANA zone, e.g. "Europe/Istanbul". */
  zone: string;
}

/** What the combobox shows and sends back: the id, and words in the page's language. */
export interface PlaceOption {
  id: string;
  name: string;
  /** "Istanbul, Türkiye": province when it differs from the name, and the country in the page's language. */
  label: string;
  zone: string;
}

export const PLACES_LIMIT = 10;
export const PLACE_QUERY_MAX = 80;

/** Case and accent folded, with the Turkish dotless ı, so "izmir", "İzmir" and "IZMIR" are the same query. */
export function fold(text: string): string {
  return text
    .replace(/[ıİ]/g, "i")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const rows = (data as StoredRow[]).map(expand);
const byId = new Map<string, Row>(rows.map((row) => [row[0], row]));
/** Folded names, in the file's order (most populous first), so matches come biggest first. */
const folded = rows.map((row) => fold(row[1]));

function toPlace(row: Row): Place {
  return { id: row[0], name: row[1], province: row[2], country: row[3], lat: row[4], lon: row[5], zone: row[6] };
}

export function findPlace(id: string | null | undefined): Place | null {
  const row = typeof id === "string" ? byId.get(id) : undefined;
  return row ? toPlace(row) : null;
}

const countryNames = new Map<Locale, Intl.DisplayNames>();
function countryName(code: string, locale: Locale): string {
  let names = countryNames.get(locale);
  if (!names) countryNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function placeOption(place: Place, locale: Locale): PlaceOption {
  const parts = [place.name, fold(place.province) && fold(place.province) !== fold(place.name) ? place.province : null, countryName(place.country, locale)];
  return { id: place.id, name: place.name, label: parts.filter(Boolean).join(", "), zone: place.zone };
}

/** Up to 10 places whose name starts with the query, then those with a word that does, most populous first. */
export function searchPlaces(query: string, locale: Locale, limit = PLACES_LIMIT): PlaceOption[] {
  const needle = fold(query.slice(0, PLACE_QUERY_MAX));
  if (!needle) return [];
  const starts: number[] = [];
  const words: number[] = [];
  for (let index = 0; index < folded.length && starts.length < limit; index++) {
    const name = folded[index]!;
    if (name.startsWith(needle)) starts.push(index);
    else if (words.length < limit && name.includes(` ${needle}`)) words.push(index);
  }
  return [...starts, ...words].slice(0, limit).map((index) => placeOption(toPlace(rows[index]!), locale));
}

/** Minutes east of UTC that the zone's clocks showed at the instant `utcMs` (the tz database's historic rules). */
export function zoneOffsetAt(zone: string, utcMs: number): number {
  const clock = zoneClockAt(zone, utcMs);
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a local date and time ("1990-06-15", "14:30") in a zone, and the offset used. The offset is
 * looked up twice because it is the offset at the answer, not at the guess; a clock time skipped by a spring-forward
 * change and a repeated one (autumn) are both read with the larger (daylight) offset: the first occurrence.
 */
export function localToUtc(date: string, time: string, zone: string): { utcMs: number; offsetMinutes: number } {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const first = zoneOffsetAt(zone, wall);
  const second = zoneOffsetAt(zone, wall - first * 60_000);
  const offsetMinutes = first === second ? first : Math.max(first, second);
  return { utcMs: wall - offsetMinutes * 60_000, offsetMinutes };
}
