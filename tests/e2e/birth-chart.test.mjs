// The birth chart in Chromium as a visitor, against `wrangler dev` (tests/e2e/run.mjs): birth data entered once
// (date, time, a city chosen in the place combobox) draws the wheel with the Sun where astronomy-engine puts it for
// that instant in Istanbul's zone of the time, downloads as SVG and PNG, asks a visitor to sign in to save it, and
// is prefilled on another reading's form and on the next visit. The moon and retro readings show their diagrams.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { Body, Ecliptic, GeoVector } from "astronomy-engine";
import { assertNoErrors, hydrated, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (body) => withSession(browser(), { acceptDownloads: true }, body);

const SIGNS = ["Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo", "Libra", "Scorpio", "Sagittarius", "Capricorn", "Aquarius", "Pisces"];

/** Minutes east of UTC of a zone's clocks at an instant, from Node's own tz database (independent of the app's code). */
function offsetAt(zone, utcMs) {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(new Date(utcMs))
    .find((part) => part.type === "timeZoneName").value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** "Sun · Gemini 24°06′" for a local birth time in Istanbul, computed here with astronomy-engine. */
function expectedSunRow(date, time) {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset = offsetAt("Europe/Istanbul", wall - 3 * 3_600_000);
  const instant = new Date(wall - offset * 60_000);
  const longitude = Ecliptic(GeoVector(Body.Sun, instant, true)).elon;
  const minutes = Math.floor(longitude * 60);
  const inSign = minutes % 1800;
  return { offset, row: `Sun · ${SIGNS[Math.floor(minutes / 1800)]} ${Math.floor(inSign / 60)}°${String(inSign % 60).padStart(2, "0")}′` };
}

describe("birth chart (guest)", () => {
  test("birth data entered once draws the wheel, downloads, and is prefilled on another reading", async () => {
    const expected = expectedSunRow("1990-06-15", "14:30");
    // Istanbul kept daylight saving in 1990 (UTC+3 in June); the app must read the time that way, not in UTC.
    assert.equal(expected.offset, 180);

    await withPage(async ({ page, errors }) => {
      await page.goto("/horoscope/birth-chart");
      await hydrated(page);
      const showChart = page.getByRole("button", { name: "Show my chart" });

      // Nothing entered: each missing field says so, and no chart appears.
      await showChart.click();
      await page.getByText("Please enter your birth date").waitFor();
      await page.getByText("Please choose your birth place from the list").waitFor();

      await page.getByLabel("Birth date").fill("1990-06-15");
      await page.getByLabel("Birth time (optional)").fill("14:30");
      const place = page.getByRole("combobox", { name: "Birth place" });
      await place.fill("istan");
      await page.getByRole("option", { name: /^Istanbul, Türkiye/ }).click();
      assert.equal(await place.inputValue(), "Istanbul, Türkiye");
      await showChart.click();

      const wheel = page.getByRole("img", { name: "Birth chart" });
      await wheel.waitFor();
      const placements = page.getByTestId("chart-placements");
      await placements.getByText(expected.row, { exact: true }).waitFor();
      assert.match(await placements.innerText(), /^Ascendant · \w+ \d+°\d{2}′$/m);
      assert.match(await page.getByTestId("chart-aspects").innerText(), /, orb \d+°\d{2}′/);
      assert.match(await page.getByTestId("chart-born").innerText(), /June 15, 1990 at 14:30 \(UTC\+03:00\) in Istanbul, Türkiye/);

      // Both downloads are real files with names.
      const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download SVG" }).click()]);
      assert.equal(svgDownload.suggestedFilename(), "birth-chart-1990-06-15.svg");
      const svg = await readFile(await svgDownload.path(), "utf8");
      assert.match(svg, /^<svg[^>]+aria-label="Birth chart"/);
      const [pngDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PNG" }).click()]);
      assert.equal(pngDownload.suggestedFilename(), "birth-chart-1990-06-15.png");
      const png = await readFile(await pngDownload.path());
      assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

      // A visitor is asked to sign in before saving to the gallery.
      await page.getByRole("button", { name: "Save to gallery" }).click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");

      // Another reading that starts from the birth data has it already: the Sun's sign.
      await page.goto("/horoscope/love-compatibility");
      await hydrated(page);
      assert.equal(await page.getByLabel("Your zodiac sign").inputValue(), "gemini");
      await page.getByText("Filled in from your saved birth data.").waitFor();

      // And the chart's own form on the next visit.
      await page.goto("/horoscope/birth-chart");
      await hydrated(page);
      assert.equal(await page.getByLabel("Birth date").inputValue(), "1990-06-15");
      assert.equal(await page.getByRole("combobox", { name: "Birth place" }).inputValue(), "Istanbul, Türkiye");
      await page.getByTestId("chart-placements").getByText(expected.row, { exact: true }).waitFor();
      assertNoErrors(errors, "the birth chart");
    });
  });

  test("the moon and retro readings show their diagrams", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/horoscope/moon-tracking");
      await hydrated(page);
      const moon = page.getByRole("img", { name: /^Moon phase: [A-Z][a-z]+( [a-z]+)?, \d{1,3}% lit$/ });
      await moon.waitFor();
      await page.goto("/horoscope/retro-tracking");
      await hydrated(page);
      await page.getByRole("heading", { name: "Retrograde periods" }).waitFor();
      const timeline = page.getByTestId("retro-timeline");
      // Over six months Mercury always has a retrograde period.
      assert.match(await timeline.innerText(), /Mercury · (\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}|from \w{3} \d{1,2}, \d{4})/);
      assertNoErrors(errors, "the moon and retro diagrams");
    });
  });
});
