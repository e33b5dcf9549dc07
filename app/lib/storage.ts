import { APP_VERSION, STORAGE_KEYS, VERSION_RESET_KEEPS } from "./constants";

/**
 * docs/product.md §4: if the stored app_version differs from 12, local storage is cleared and 12 is written. The device
 * preferences mirrored in cookies (VERSION_RESET_KEEPS) stay: the pre-paint script has just written them from the
 * cookies on a first visit, and wiping them there made theme and language disagree with the page (decision 0017).
 */
export function enforceAppVersion(storage: Storage): boolean {
  try {
    if (storage.getItem(STORAGE_KEYS.appVersion) === APP_VERSION) return false;
    const kept = VERSION_RESET_KEEPS.flatMap((key) => {
      const value = storage.getItem(key);
      return value === null ? [] : [[key, value] as const];
    });
    storage.clear();
    for (const [key, value] of kept) storage.setItem(key, value);
    storage.setItem(STORAGE_KEYS.appVersion, APP_VERSION);
    return true;
  } catch {
    // Storage can be unavailable (private mode, blocked); the app works without it.
    return false;
  }
}

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Ignored: the cookie still carries the preference.
  }
}
