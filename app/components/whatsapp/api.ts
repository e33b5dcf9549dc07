// The browser's calls to /api/whatsapp/link (the dialog and Settings), read through one helper: every answer is
// `{ ok: true, ... }` or DESIGN's `{ ok: false, error: { code, message, fieldErrors? } }`.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LinkCodeResult, WhatsAppLinkView } from "~/.server/whatsapp/link-codes";
import { notify } from "~/lib/toast";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";

export interface WhatsAppStatusView {
  configured: boolean;
  signedIn: boolean;
  plan: "guest" | "free" | "pro";
  /** Where the request came from (ISO 3166-1 alpha-2), to preselect the country; null when unknown. */
  country: string | null;
  link: WhatsAppLinkView | null;
}

export interface ApiError {
  code: string;
  /** Already translated by the server; empty when the request never reached it. */
  message?: string;
  fieldErrors?: Record<string, string>;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

const ENDPOINT = "/api/whatsapp/link";

async function call<T>(init: RequestInit = {}): Promise<Answer<T>> {
  try {
    const response = await fetch(ENDPOINT, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } });
    const body = (await response.json().catch(() => null)) as ({ ok?: boolean; error?: ApiError } & T) | null;
    if (response.ok && body?.ok) return { ok: true, data: body };
    return { ok: false, status: response.status, error: body?.error ?? { code: "app/unknown" } };
  } catch {
    // Offline or the connection dropped: the same shape, so callers have one path.
    return { ok: false, status: 0, error: { code: "app/unknown" } };
  }
}

export function fetchWhatsAppStatus() {
  return call<WhatsAppStatusView>();
}

export function requestLinkCode(input: { country: string; phone: string; model?: string }) {
  return call<LinkCodeResult>({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(input) });
}

/** Disconnects the linked number, says so, and refreshes the page's data (Settings shows the link too). */
export function useWhatsAppDisconnect(onDone?: () => void) {
  const { t } = useTranslation("whatsapp");
  const revalidate = useSafeRevalidate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disconnect = async () => {
    setBusy(true);
    setError(null);
    const answer = await call<{ ok: true }>({ method: "DELETE" });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error.code);
      return;
    }
    notify("success", t("dialog.disconnected"));
    onDone?.();
    revalidate();
  };
  return { disconnect, busy, error };
}
