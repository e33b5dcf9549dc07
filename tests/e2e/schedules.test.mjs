// Schedules (docs/decisions/NNNN-sched-schedules.md) in Chromium against the offline demo provider, in English and
// Turkish: make a daily schedule on /schedules, press "Run now", and read the answer in the schedule's own thread.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, signUpAndSignIn, toast, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();
const withPage = (body) => withSession(browser(), {}, body);

const STRINGS = {
  en: {
    lng: "en",
    newSchedule: "New schedule",
    prompt: "What should the assistant do?",
    name: "Name",
    time: "Time",
    repeat: "Repeat",
    daily: "Every day",
    create: "Create schedule",
    created: "Schedule made",
    runNow: "Run now",
    done: /Last run: Done/,
    rule: "Every day at 08:00",
    thread: "Open its thread",
  },
  tr: {
    lng: "tr",
    newSchedule: "Yeni zamanlama",
    prompt: "Asistan ne yapsın?",
    name: "Ad",
    time: "Saat",
    repeat: "Tekrar",
    daily: "Her gün",
    create: "Zamanlama oluştur",
    created: "Zamanlama oluşturuldu",
    runNow: "Şimdi çalıştır",
    done: /Son çalışma: Tamamlandı/,
    rule: "Her gün saat 08:00",
    thread: "Sohbetini aç",
  },
};

async function schedulesFlow(page, s) {
  await page.goto(`/schedules${s.lng === "tr" ? "?lng=tr" : ""}`);
  await hydrated(page);
  await page.getByRole("button", { name: s.newSchedule }).click();
  await page.getByLabel(s.prompt).fill("Give me one short fact about the sea");
  await page.getByLabel(s.name, { exact: true }).fill("Sea fact");
  await page.getByLabel(s.repeat).selectOption({ label: s.daily });
  await page.getByLabel(s.time, { exact: true }).fill("08:00");
  await page.getByRole("button", { name: s.create }).click();
  await toast(page, s.created).waitFor();

  const row = page.getByRole("listitem", { name: "Sea fact" });
  await row.getByText(s.rule).waitFor();
  await row.getByRole("button", { name: s.runNow }).click();
  await row.getByText(s.done).waitFor({ timeout: 30_000 });

  // The answer is a message in the schedule's own thread, titled with its name.
  await row.getByRole("link", { name: s.thread }).click();
  await page.waitForURL(/\/web-main\/[^/?#]+$/);
  await hydrated(page);
  await page
    .getByText(/Demo model/i)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.locator("aside").getByRole("link", { name: "Sea fact" }).waitFor();
  assert.match(await page.title(), /Sea fact/);
}

describe("schedules (demo provider)", () => {
  for (const lng of ["en", "tr"]) {
    test(`${lng}: make a daily schedule, run it now, read its answer in its thread`, async () => {
      await withPage(async ({ page, errors }) => {
        await signUpAndSignIn(page, { name: lng === "tr" ? "Zaman Deniz" : "Schedule Sam", landing: "/web-main" });
        await schedulesFlow(page, STRINGS[lng]);
        assertNoErrors(errors, `schedules ${lng}`);
      });
    });
  }
});
