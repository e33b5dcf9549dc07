import { describe, expect, it } from "vitest";
import { findPlace, searchPlaces } from "../../app/.server/horoscope/places";

// places.json leaves out ids and provinces it can derive (scripts/build-places.mjs); birth profiles keep those ids,
// so the expanded list must give every city the id it always had.
describe("the birth places list", () => {
  it("derives the ids and provinces the compact file leaves out", () => {
    expect(findPlace("tr-istanbul")).toMatchObject({ name: "Istanbul", province: "Istanbul", country: "TR", zone: "Europe/Istanbul" });
    expect(findPlace("jp-tokyo")).toMatchObject({ name: "Tokyo", province: "Tokyo", zone: "Asia/Tokyo" });
    expect(findPlace("in-mumbai")).toMatchObject({ province: "Maharashtra" });
  });

  it("keeps the ids the file spells out (a second city of a name, a name with letters the slug drops)", () => {
    expect(findPlace("cn-suzhou-jiangsu")).toMatchObject({ name: "Suzhou", province: "Jiangsu" });
    expect(findPlace("dk-kobenhavn")).toMatchObject({ name: "København" });
    expect(findPlace("kr-masan")).toMatchObject({ name: "Changwon" });
  });

  it("finds places by name, biggest first, in the page's language", () => {
    expect(searchPlaces("izmir", "tr")[0]).toMatchObject({ id: "tr-izmir", label: "Izmir, Türkiye" });
    expect(findPlace("xx-nowhere")).toBeNull();
  });
});
