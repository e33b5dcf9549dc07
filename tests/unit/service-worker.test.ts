// The page's side of the service worker (decision 0017): registration that does not miss the load event, the
// "New version available" signal only for an update (not the first install), and Reload = take over, then one reload.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

class FakeWorker extends EventTarget {
  state = "installing";
  readonly messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker();
  update = vi.fn(async () => undefined);
}

let registration: FakeRegistration;
let container: EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn>; ready: Promise<FakeRegistration> };
let win: EventTarget & { location: { reload: ReturnType<typeof vi.fn> } };
let doc: EventTarget & { readyState: string; visibilityState: string };

async function load() {
  vi.resetModules();
  return import("../../app/lib/service-worker");
}

/** Lets the registration promise and its .then run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), { controller: {}, register: vi.fn(async () => registration), ready: Promise.resolve(registration) });
  win = Object.assign(new EventTarget(), { location: { reload: vi.fn() } });
  doc = Object.assign(new EventTarget(), { readyState: "complete", visibilityState: "visible" });
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("registerServiceWorker", () => {
  it("registers at once when the page has already loaded (the load event will not come again)", async () => {
    const { registerServiceWorker } = await load();
    registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("waits for load while the page is still loading", async () => {
    doc.readyState = "interactive";
    const { registerServiceWorker } = await load();
    registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("load"));
    expect(container.register).toHaveBeenCalledTimes(1);
  });
});

describe("a new version", () => {
  it("is offered when a new worker finishes installing behind the controlling one, and Reload reloads once after it takes over", async () => {
    const { registerServiceWorker, isUpdateWaiting, applyUpdate } = await load();
    registerServiceWorker();
    await settle();
    expect(isUpdateWaiting()).toBe(false);

    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event("updatefound"));
    registration.waiting = next;
    next.become("installed");
    expect(isUpdateWaiting()).toBe(true);

    applyUpdate();
    expect(next.messages).toContainEqual({ type: "SKIP_WAITING" });
    expect(win.location.reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("is not offered on the very first install (nothing controls the page yet; the worker takes over by itself)", async () => {
    container.controller = null;
    const { registerServiceWorker, isUpdateWaiting } = await load();
    registerServiceWorker();
    await settle();
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event("updatefound"));
    registration.waiting = first;
    first.become("installed");
    expect(isUpdateWaiting()).toBe(false);
  });

  it("is offered at once when a worker is already waiting at registration (deployed while the tab was closed)", async () => {
    registration.waiting = new FakeWorker();
    const { registerServiceWorker, isUpdateWaiting } = await load();
    registerServiceWorker();
    await settle();
    expect(isUpdateWaiting()).toBe(true);
  });
});
