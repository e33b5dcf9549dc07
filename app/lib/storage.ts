import { APP_VERSION, STORAGE_KEYS } from "./constants";

/** SPEC §4: if the stored app_version differs from 12, all local storage is cleared and 12 is written. */
export function enforceAppVersion(storage: Storage): boolean {
  try {
    if (storage.getItem(STORAGE_KEYS.appVersion) === APP_VERSION) return false;
    storage.clear();
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
