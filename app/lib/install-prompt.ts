// docs/product.md §1/§3: the install-as-app offer captured from the browser (installprompt slice, null initially), and
// whether this browser needs Safari's manual "Add to Home Screen" instead.
import { createStore, useStore } from "./store";

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const installPrompt = createStore<InstallPromptEvent | null>(null);

/** Called before hydration: browsers fire the event once, early. */
export function captureInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt.set(event as InstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => {
    installPrompt.set(null);
  });
}

export async function promptInstall(): Promise<boolean> {
  const event = installPrompt.get();
  if (!event) return false;
  installPrompt.set(null);
  await event.prompt();
  return (await event.userChoice).outcome === "accepted";
}

export type InstallOffer = "prompt" | "safari-ios" | "safari-mac" | null;

function isStandalone(): boolean {
  return window.matchMedia?.("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** What to offer this browser: the captured prompt, Safari's instructions, or nothing (installed or unsupported). */
export function installOffer(userAgent: string, standalone: boolean, hasPrompt: boolean): InstallOffer {
  if (standalone) return null;
  if (hasPrompt) return "prompt";
  const safari = /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg\/|OPR\//.test(userAgent);
  if (!safari) return null;
  return /iPhone|iPad|iPod/.test(userAgent) ? "safari-ios" : "safari-mac";
}

export function useInstallOffer(): InstallOffer {
  const hasPrompt = useStore(installPrompt, (event) => event !== null);
  if (typeof window === "undefined") return null;
  return installOffer(navigator.userAgent, isStandalone(), hasPrompt);
}
