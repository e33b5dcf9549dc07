// docs/product.md §4: a browser holding storage from another app version starts clean.
import { describe, expect, it } from "vitest";
import { APP_VERSION, STORAGE_KEYS } from "../../app/lib/constants";
import { enforceAppVersion } from "../../app/lib/storage";

/** The Web Storage interface over a Map (Node has no localStorage). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** Storage the browser refuses to use (blocked cookies, some private modes). */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException("The operation is insecure.", "SecurityError");
  }
}

describe("enforceAppVersion", () => {
  it("clears storage written by another version and records the current one", () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.appVersion, "11");
    storage.setItem(STORAGE_KEYS.persistedRoot, '{"chat":[]}');
    storage.setItem(STORAGE_KEYS.theme, "dark");

    expect(enforceAppVersion(storage)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe(APP_VERSION);
    expect(storage.getItem(STORAGE_KEYS.persistedRoot)).toBeNull();
    // The theme is a device preference mirrored in a cookie: the reset keeps it (decision 0017).
    expect(storage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(storage.length).toBe(2);
  });

  it("keeps theme, locale and sidebar on a first visit, where the pre-paint script has just written them", () => {
    // A first visit: no app_version yet, only what the inline script copied from the cookies before this runs.
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.theme, "dark");
    storage.setItem(STORAGE_KEYS.locale, "tr");
    storage.setItem(STORAGE_KEYS.sidebar, "closed");
    storage.setItem("persist:root", '{"chat":"{}"}');

    expect(enforceAppVersion(storage)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(storage.getItem(STORAGE_KEYS.locale)).toBe("tr");
    expect(storage.getItem(STORAGE_KEYS.sidebar)).toBe("closed");
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe(APP_VERSION);
    expect(storage.getItem("persist:root")).toBeNull();
    expect(storage.length).toBe(4);
  });

  it("treats storage without a version as outdated", () => {
    const storage = new MemoryStorage();
    storage.setItem("leftover", "x");
    expect(enforceAppVersion(storage)).toBe(true);
    expect(storage.getItem("leftover")).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.appVersion)).toBe("12");
  });

  it("keeps everything when the version already matches", () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.appVersion, APP_VERSION);
    storage.setItem(STORAGE_KEYS.theme, "dark");
    expect(enforceAppVersion(storage)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(storage.length).toBe(2);
  });

  it("does not throw when storage is unavailable", () => {
    expect(enforceAppVersion(new BlockedStorage())).toBe(false);
  });
});
