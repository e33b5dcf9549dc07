// The browser's calls to /api/whatsapp/link (the dialog and Settings), read by the app's one API reader
// (lib/api-client.ts). Asking for a link code is a form, sent by the link form with useApiAction.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { WhatsAppLinkView } from "~/.server/whatsapp/link-codes";
import { callApi, type ApiError } from "~/lib/api-client";
import { notify } from "~/lib/toast";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";

export interface WhatsAppStatusView {
  configured: boolean;
  voiceRepliesOffered: boolean;
  signedIn: boolean;
  plan: "guest" | "free" | "pro";
  /** Where the request came from (ISO 3166-1 alpha-2), to preselect the country; null when unknown. */
  country: string | null;
  link: WhatsAppLinkView | null;
}

export type { ApiError };

/** An answer of /api/whatsapp/link, as the dialog and Settings read it. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

export const WHATSAPP_LINK_ENDPOINT = "/api/whatsapp/link";

async function call<T extends object>(init: RequestInit = {}): Promise<Answer<T>> {
  const answer = await callApi<T>(WHATSAPP_LINK_ENDPOINT, init);
  return answer.ok ? { ok: true, data: answer.data } : answer;
}

export function fetchWhatsAppStatus() {
  return call<WhatsAppStatusView>();
}

/**
 * The "Disconnect" button's wiring (Settings and the dialog draw it their own size): disconnects the linked number,
 * says so, and refreshes the page's data (Settings shows the link too). `error` is the refusal's code, if any.
 */
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
  const button = { type: "button", onClick: () => void disconnect(), disabled: busy, "aria-busy": busy || undefined } as const;
  return { button, error };
}
