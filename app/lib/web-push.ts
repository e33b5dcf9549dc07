// The browser's side of web push (decision 0042): whether this browser can receive notifications here, and
// subscribing it with the app's VAPID public key. Permission is asked only from a press (subscribeThisBrowser).

export type PushSupport = "supported" | "unsupported" | "ios-install";

/** iOS and iPadOS deliver web push only to a web app opened from the Home Screen (Safari 16.4+), never in a tab. */
export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return "ios-install";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return "supported";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** This browser's subscription, if it has one for the app's key (another key's is dropped: it could not be pushed to). */
export async function currentSubscription(publicKey: string): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const key = subscription.options.applicationServerKey;
  if (key && btoa(String.fromCharCode(...new Uint8Array(key))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await subscription.unsubscribe();
    return null;
  }
  return subscription;
}

export type SubscribeResult = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; reason: "denied" | "failed" };

/** Asks for permission (called from a press), registers the service worker if needed, and subscribes. */
export async function subscribeThisBrowser(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return { ok: false, reason: "denied" };
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await currentSubscription(publicKey)) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    return { ok: true, subscription: subscription.toJSON() };
  } catch {
    return { ok: false, reason: "failed" };
  }
}
