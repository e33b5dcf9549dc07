// docs/product.md §8 network-request-failed, second half: after a request failed for want of a connection, what failed is
// offered again once the browser is back online (a toast with "Send again"), so nothing has to be typed twice.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "./toast";

let offer: (() => void) | null = null;

/**
 * When the browser comes back online, shows `message` with a button doing `action` (the latest failure's, once).
 * A browser that believes it is online (the server itself was unreachable) gives no such event: the question is
 * still in its box or form with its button beside it.
 */
function offerWhenBackOnline(message: string, action: { label: string; onClick: () => void }): void {
  if (typeof window === "undefined" || navigator.onLine) return;
  if (!offer) {
    window.addEventListener(
      "online",
      () => {
        offer?.();
        offer = null;
      },
      { once: true },
    );
  }
  offer = () => notify("info", message, { action });
}

/** `offerSendAgain(retry)`: "You're back online." with a "Send again" button doing `retry`, once the connection returns. */
export function useOfferSendAgain(): (retry: () => void) => void {
  const { t } = useTranslation();
  return useCallback((retry: () => void) => offerWhenBackOnline(t("connection.back"), { label: t("connection.sendAgain"), onClick: retry }), [t]);
}
