// The schedules' browser test of a delivered notification (decision 0045): in Chromium, allow notifications, make "every day at 08:00" from the
// horoscope page ("Send me this every morning", delivered as a notification), move the dev clock past 08:00 in the
// schedule's zone, see the notification the run pushed (read from the local push service, decrypted, delivered to the
// service worker: tests/e2e/push-helpers.mjs), click it and land in the schedule's thread showing the reading.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { startFakePush } from "../mocks/fake-push.mjs";
import { subscriptionKeys } from "../mocks/web-push-crypto.mjs";
import { assertNoErrors, CHROMIUM_ARGS, hydrated, signUpAndSignIn, toast, withPage } from "./helpers.mjs";
import { clickNotification, deliverToWorker, fakeSubscription, receivedPayload } from "./push-helpers.mjs";
import { FAST_DEMO_PACE, FULL_CHROMIUM, findChromium, startServer } from "./server.mjs";

const DAY_MS = 24 * 60 * 60 * 1000;
// Istanbul keeps UTC+3 all year, so 08:00 there is 05:00 UTC whatever the date.
const ZONE = "Europe/Istanbul";
const EIGHT_IN_ZONE_UTC_HOUR = 5;

let push;
let server;
let browser;

before(async () => {
  push = await startFakePush();
  // Its own server: moving its clock must not move the shared server's under other tests.
  server = await startServer({ label: "e2e-schedule-notifications", vars: { PUSH_DEV_SERVICE_ORIGIN: push.url, ...FAST_DEMO_PACE } });
  // The full browser: the headless shell never grants the notification permission (see notifications.test.mjs).
  browser = await chromium.launch({ executablePath: existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : findChromium(), args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await push?.close();
});

/** Days from now to ten minutes past the next 08:00 in ZONE (the dev clock's field takes fractions of a day). */
function daysPastNextEight(now = Date.now()) {
  const day = new Date(now);
  let target = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), EIGHT_IN_ZONE_UTC_HOUR, 10);
  // The field's smallest move is 0.01 day; a target closer than that waits for the next morning.
  while (target - now < 0.02 * DAY_MS) target += DAY_MS;
  return ((target - now) / DAY_MS).toFixed(4);
}

/** Resolves once the local push service has accepted a push for endpoint `id` (the run happens in the account's alarm). */
async function pushArrived(id, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  while (!push.pushes.some((entry) => entry.id === id)) {
    if (Date.now() > deadline) throw new Error("no push reached the local push service");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a daily horoscope by notification", () => {
  test("allow notifications, 'Send me this every morning', move the clock past 08:00, click the notification, read it", async () => {
    const id = crypto.randomUUID();
    const keys = await subscriptionKeys();
    await withPage(browser, { baseURL: server.baseUrl, timezoneId: ZONE }, async ({ page, context, errors }) => {
      await fakeSubscription(page, { endpoint: `${push.url}/push/${id}`, p256dh: keys.p256dh, auth: keys.auth });
      await signUpAndSignIn(page, { name: "Morning Person", landing: "/settings/notifications" });
      await context.grantPermissions(["notifications"], { origin: server.baseUrl });
      await page.getByRole("button", { name: "Turn on notifications" }).click();
      await toast(page, "Notifications are on for this device.").waitFor();

      // The horoscope page's one press opens /schedules with the form filled in: the reading, every day at 08:00.
      await page.goto("/horoscope/daily");
      await hydrated(page);
      await page.getByRole("link", { name: "Send me this every morning" }).click();
      await page.waitForURL((url) => url.pathname === "/schedules");
      await hydrated(page);
      assert.equal(await page.getByLabel("Reading", { exact: true }).inputValue(), "daily");
      assert.equal(await page.getByLabel("Repeat", { exact: true }).inputValue(), "daily");
      assert.equal(await page.getByLabel("Time", { exact: true }).inputValue(), "08:00");
      assert.equal(await page.getByLabel("Time zone", { exact: true }).inputValue(), ZONE);
      assert.equal(await page.getByLabel("Deliver by", { exact: true }).inputValue(), "push");
      // A daily horoscope is about a sign.
      await page.getByLabel("Sign", { exact: true }).selectOption({ label: "Leo" });
      await page.getByRole("button", { name: "Create schedule" }).click();
      await toast(page, "Schedule made").waitFor();
      const row = page.getByRole("listitem", { name: "Daily horoscope" });
      await row.getByText(`Every day at 08:00 · ${ZONE}`).waitFor();
      await row.getByText("Not run yet").waitFor();

      // The dev clock moves past 08:00 in the schedule's zone; the account's object runs what is now due.
      await page.goto("/dev/clock");
      await hydrated(page);
      await page.getByLabel("Days to move forward").fill(daysPastNextEight());
      await page.getByRole("button", { name: "Move forward" }).click();
      await pushArrived(id);
      const payload = JSON.parse(await receivedPayload(push, id, keys));
      assert.equal(payload.title, "Daily horoscope");
      assert.match(payload.url, /^\/web-main\/[\w-]+$/);
      assert.ok(payload.body.length > 0, "the notification carries the reading's first words");

      const shown = await deliverToWorker({ page, context, origin: server.baseUrl, payload: JSON.stringify(payload), tag: payload.tag });
      assert.deepEqual(shown, { title: "Daily horoscope", body: payload.body, url: payload.url });

      // The click opens the schedule's thread: the reading, on the horoscope page it belongs to, titled with its name.
      await page.goto("/web-main");
      await hydrated(page);
      await clickNotification(context, payload.tag);
      const threadId = payload.url.split("/").pop();
      await page.waitForURL((url) => url.pathname === `/horoscope/daily/${threadId}`);
      await hydrated(page);
      await page
        .getByText(/Demo model/i)
        .first()
        .waitFor();
      assert.match(await page.title(), /Daily horoscope/);

      // The schedules page records the run.
      await page.goto("/schedules");
      await row.getByText("Last run: Done · Sent as a notification").waitFor();
      assertNoErrors(errors);
    });
  });
});
