// The browser half of passkeys (decision 0028). @simplewebauthn/browser is fetched only when a screen that offers
// passkeys needs it (the sign-in form, Settings › Login Connection), never with a page's first JavaScript (decision
// 0019's first-visit budget). Options come from /api/passkeys/options, whose cookie carries the challenge back.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { callApi, type ApiError } from "./api-client";
import { importOnce } from "./schemas/lazy";

const loadBrowserKit = importOnce(() => import("@simplewebauthn/browser"));

export type PasskeyOutcome = { ok: true; response: string } | { ok: false; error: ApiError } | { ok: false; cancelled: true };

/** The server's options for the ceremony, made by @simplewebauthn/server for the same library's browser half. */
type CeremonyOptions = { register: PublicKeyCredentialCreationOptionsJSON; "sign-in": PublicKeyCredentialRequestOptionsJSON };

async function options<Purpose extends keyof CeremonyOptions>(purpose: Purpose, signal?: AbortSignal) {
  return callApi<{ ok: true; options: CeremonyOptions[Purpose] }>("/api/passkeys/options", {
    method: "POST",
    body: new URLSearchParams({ purpose }),
    signal,
  });
}

/** The browser refused or the person closed its prompt: not an error of ours, nothing to report. */
function cancelled(): PasskeyOutcome {
  return { ok: false, cancelled: true };
}

/** Whether this browser can use passkeys at all (otherwise the passkey buttons are not shown). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * Asks the browser for a passkey of this site. `autofill`: conditional mediation, offered in the e-mail field's
 * suggestions, which waits until one is picked (or another ceremony replaces it). The answer is JSON for the form.
 */
export async function getPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<PasskeyOutcome> {
  const kit = await loadBrowserKit();
  if (autofill && !(await kit.browserSupportsWebAuthnAutofill())) return cancelled();
  const answer = await options("sign-in");
  if (!answer.ok) return { ok: false, error: answer.error };
  try {
    const response = await kit.startAuthentication({ optionsJSON: answer.data.options, useBrowserAutofill: autofill });
    return { ok: true, response: JSON.stringify(response) };
  } catch {
    return cancelled();
  }
}

/** Makes a new passkey for the signed-in account (after the server's recent sign-in check on the options). */
export async function createPasskey(): Promise<PasskeyOutcome> {
  const answer = await options("register");
  if (!answer.ok) return { ok: false, error: answer.error };
  const kit = await loadBrowserKit();
  try {
    const response = await kit.startRegistration({ optionsJSON: answer.data.options });
    return { ok: true, response: JSON.stringify(response) };
  } catch {
    return cancelled();
  }
}

/** Stops a waiting autofill request (the form went away). */
export function cancelPasskeyRequest(): void {
  void loadBrowserKit().then((kit) => kit.WebAuthnAbortService.cancelCeremony());
}
