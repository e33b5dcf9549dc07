// Web push in headless Chromium (decision 0042), shared by the notification e2e tests: headless Chromium cannot reach
// a vendor's push service (FCM) offline, so the page's pushManager hands out a subscription on the local push service
// (tests/mocks/fake-push.mjs) whose keys the test holds; the encrypted push the app sent there is decrypted by the test
// and delivered to the service worker with DevTools' ServiceWorker.deliverPushMessage.
/* global window, self, NotificationEvent -- only inside callbacks that run in the browser or its worker */
import { decryptPush, fromBase64url } from "../mocks/web-push-crypto.mjs";

/** The page's pushManager answers with a subscription on the local push service (see the header). */
export function fakeSubscription(page, subscription) {
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

/** The decrypted payload of the first push the local service accepted for endpoint `id`. */
export async function receivedPayload(push, id, keys) {
  const [received] = push.pushes.filter((entry) => entry.id === id);
  return received ? decryptPush(fromBase64url(received.body), keys) : null;
}

/**
 * Hands `payload` to the page's service worker as the browser would deliver a push, and answers the notification it
 * shows under `tag` ({ title, body, url }), or null when none appears.
 */
export async function deliverToWorker({ page, context, origin, payload, tag }) {
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise((resolve) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  await devtools.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: payload });
  return page.evaluate(async (wanted) => {
    const registration = await navigator.serviceWorker.ready;
    // Up to 15 s: a service worker started for the push can be slow on a loaded machine.
    for (let tries = 0; tries < 300; tries += 1) {
      const [notification] = await registration.getNotifications({ tag: wanted });
      if (notification) return { title: notification.title, body: notification.body, url: notification.data?.url };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  }, tag);
}

/** A click on the notification shown under `tag` (dispatched in the worker: no DevTools command clicks a notification). */
export async function clickNotification(context, tag) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error("the service worker does not run");
  await worker.evaluate(async (wanted) => {
    const [notification] = await self.registration.getNotifications({ tag: wanted });
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
  }, tag);
}
