// Web push in Chromium (decision 0042): Settings › Notifications explains first, "Turn on notifications"
// asks the browser and saves this device, "Send a test notification" makes the app push to the local push service
// (tests/mocks/fake-push.mjs), the service worker shows what arrived, and a click on it lands on its url.
// Headless Chromium cannot reach a vendor's push service (FCM) offline, so the page's pushManager hands out a
// subscription on the local service whose keys this test holds; the encrypted push the app sent there is decrypted
// here and delivered to the service worker with DevTools' ServiceWorker.deliverPushMessage.
/* global window, self, Notification, NotificationEvent -- only inside callbacks that run in the browser or its worker */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { startFakePush } from "../mocks/fake-push.mjs";
import { decryptPush, fromBase64url, subscriptionKeys } from "../mocks/web-push-crypto.mjs";
import { assertNoErrors, CHROMIUM_ARGS, hydrated, signUpAndSignIn, toast, withPage } from "./helpers.mjs";
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

/** The page's pushManager answers with a subscription on the local push service (see the header). */
function fakeSubscription(page, subscription) {
  return page.addInitScript((wanted) => {
    let current = null;
    const make = (options) => ({
      endpoint: wanted.endpoint,
      expirationTime: null,
      options,
      toJSON: () => ({ endpoint: wanted.endpoint, expirationTime: null, keys: { p256dh: wanted.p256dh, auth: wanted.auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    window.PushManager.prototype.subscribe = async function subscribe(options) {
      current = make({ applicationServerKey: options.applicationServerKey, userVisibleOnly: true });
      return current;
    };
    window.PushManager.prototype.getSubscription = async function getSubscription() {
      return current;
    };
  }, subscription);
}

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
      const [received] = push.pushes.filter((entry) => entry.id === id);
      assert.ok(received, "the push service received the app's push");
      const payload = await decryptPush(fromBase64url(received.body), keys);
      assert.deepEqual(JSON.parse(payload), {
        title: "Test notification",
        body: "Notifications work on this device.",
        url: "/settings/notifications",
        tag: "test",
      });

      // The service worker gets the push as the browser would deliver it, and shows it.
      const devtools = await context.newCDPSession(page);
      const registrationId = new Promise((resolve) => {
        devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const found = registrations.find((registration) => registration.scopeURL === `${server.baseUrl}/` && !registration.isDeleted);
          if (found) resolve(found.registrationId);
        });
      });
      await devtools.send("ServiceWorker.enable");
      await devtools.send("ServiceWorker.deliverPushMessage", { origin: server.baseUrl, registrationId: await registrationId, data: payload });
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        for (let tries = 0; tries < 100; tries += 1) {
          const [notification] = await registration.getNotifications({ tag: "test" });
          if (notification) return { title: notification.title, body: notification.body, url: notification.data?.url };
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return null;
      });
      assert.deepEqual(shown, { title: "Test notification", body: "Notifications work on this device.", url: "/settings/notifications" });

      // A click (dispatched in the worker: no DevTools command clicks a notification) brings the tab to its url.
      await page.goto("/web-main");
      await hydrated(page);
      const [worker] = context.serviceWorkers();
      assert.ok(worker, "the service worker runs");
      await worker.evaluate(async () => {
        const [notification] = await self.registration.getNotifications({ tag: "test" });
        self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
      });
      await page.waitForURL((url) => url.pathname === "/settings/notifications");
      assertNoErrors(errors);
    });
  });
});
