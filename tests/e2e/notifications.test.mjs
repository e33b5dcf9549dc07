// Web push in Chromium (decision 0042): Settings › Notifications explains first, "Turn on notifications"
// asks the browser and saves this device, "Send a test notification" makes the app push to the local push service
// (tests/mocks/fake-push.mjs), a kind's switch turned off stays off, the service worker shows what arrived, and a
// click on it lands on its url.
// Headless Chromium cannot reach a vendor's push service (FCM) offline, so the page's pushManager hands out a
// subscription on the local service whose keys this test holds; the encrypted push the app sent there is decrypted
// here and delivered to the service worker with DevTools' ServiceWorker.deliverPushMessage.
/* global Notification -- only inside callbacks that run in the browser */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { startFakePush } from "../mocks/fake-push.mjs";
import { subscriptionKeys } from "../mocks/web-push-crypto.mjs";
import { assertNoErrors, CHROMIUM_ARGS, hydrated, signUpAndSignIn, toast, withPage } from "./helpers.mjs";
import { clickNotification, deliverToWorker, fakeSubscription, receivedPayload } from "./push-helpers.mjs";
import { FULL_CHROMIUM, findChromium, startServer } from "./server.mjs";

let push;
let server;
let browser;

before(async () => {
  push = await startFakePush();
  server = await startServer({ label: "e2e-notifications", vars: { PUSH_DEV_SERVICE_ORIGIN: push.url } });
  // The full browser, even where CHROMIUM_PATH names the headless shell: the shell never grants the notification
  // permission (showNotification is refused whatever grantPermissions says), the full browser in headless mode does.
  browser = await chromium.launch({ executablePath: existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : findChromium(), args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await push?.close();
});

describe("web push notifications", () => {
  test("turn on after a press, send a test notification, see it, click it and land on its page", async () => {
    const id = crypto.randomUUID();
    const keys = await subscriptionKeys();
    const endpoint = `${push.url}/push/${id}`;
    await withPage(browser, { baseURL: server.baseUrl }, async ({ page, context, errors }) => {
      await fakeSubscription(page, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      await signUpAndSignIn(page, { name: "Push Person", landing: "/settings/notifications" });
      await page.getByText("Notifications reach this device even when the app is closed.").waitFor();
      // Not granted before the press (headless Chromium reports "denied" for a permission no one granted).
      assert.notEqual(await page.evaluate(() => Notification.permission), "granted");
      await context.grantPermissions(["notifications"], { origin: server.baseUrl });
      await page.getByRole("button", { name: "Turn on notifications" }).click();
      await toast(page, "Notifications are on for this device.").waitFor();
      await page.getByText("This device receives notifications.").waitFor();
      await page.getByRole("button", { name: /^Remove / }).waitFor();

      await page.getByRole("button", { name: "Send a test notification" }).click();
      await toast(page, "Sent to 1 device.").waitFor();
      const payload = await receivedPayload(push, id, keys);
      assert.ok(payload, "the push service received the app's push");
      assert.deepEqual(JSON.parse(payload), {
        title: "Test notification",
        body: "Notifications work on this device.",
        url: "/settings/notifications",
        tag: "test",
      });

      // Each kind has its switch, named by its label: one turned off is still off after a reload.
      const imageReady = page.getByRole("switch", { name: "An image is ready" });
      assert.equal(await imageReady.getAttribute("aria-checked"), "true");
      await imageReady.click();
      await page.getByRole("switch", { name: "An image is ready", checked: false, disabled: false }).waitFor();
      await page.reload();
      await hydrated(page);
      assert.equal(await page.getByRole("switch", { name: "An image is ready" }).getAttribute("aria-checked"), "false", "the switch is kept");
      assert.equal(await page.getByRole("switch", { name: "A research report is done" }).getAttribute("aria-checked"), "true");

      // The service worker gets the push as the browser would deliver it, and shows it.
      const shown = await deliverToWorker({ page, context, origin: server.baseUrl, payload, tag: "test" });
      assert.deepEqual(shown, { title: "Test notification", body: "Notifications work on this device.", url: "/settings/notifications" });

      // A click (dispatched in the worker: no DevTools command clicks a notification) brings the tab to its url.
      await page.goto("/web-main");
      await hydrated(page);
      await clickNotification(context, "test");
      await page.waitForURL((url) => url.pathname === "/settings/notifications");
      assertNoErrors(errors);
    });
  });
});
