// docs/product.md §4 across tabs: when this tab signs in or out, the other open tabs hear it on the "auth" BroadcastChannel
// and reload their data, so a sign-out in one tab signs every tab out. Also says why a session stopped (docs/product.md §8):
// "Could not retrieve user information", or, for a session that expired or was revoked elsewhere, "Your session has
// expired" with the sign-in dialog open over the page (what was being typed stays in its box). A tab that comes
// back into view checks its session, so an ended one is noticed when the person returns, not at their next click.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { openAuthDialog } from "~/lib/auth-dialog";
import { notify } from "~/lib/toast";
import { AUTH_CHANNEL } from "~/lib/auth";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { useRootData } from "~/components/root-data";

/** A tab coming back into view re-checks its session at most this often... */
const SESSION_RECHECK_MS = 10_000;
/** ...and a tab left open in view checks it this often. */
const SESSION_POLL_MS = 5 * 60_000;

interface AuthMessage {
  type: "auth-changed";
  userId: string | null;
}

export function AuthSync() {
  const root = useRootData();
  const userId = root?.user?.id ?? null;
  const authError = root?.authError ?? null;
  // Waits for a navigation or refresh already on its way instead of aborting it (use-safe-revalidate.ts).
  const revalidate = useSafeRevalidate();
  const { t } = useTranslation();
  const channel = useRef<BroadcastChannel | null>(null);
  const current = useRef(userId);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") {
      console.warn("Your browser doesn't support cross tab communication");
      return;
    }
    const opened = new BroadcastChannel(AUTH_CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<AuthMessage>) => {
      if (event.data?.type !== "auth-changed") return;
      // Another tab signed in, out, or as someone else: load this tab's data again (guarded pages redirect).
      if (event.data.userId !== current.current) revalidate();
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [revalidate]);

  useEffect(() => {
    if (current.current === userId) return;
    current.current = userId;
    try {
      channel.current?.postMessage({ type: "auth-changed", userId } satisfies AuthMessage);
    } catch {
      console.warn("Your browser doesn't support cross tab communication");
    }
  }, [userId]);

  useEffect(() => {
    if (!authError) return;
    notify("error", t(`errors:${authError}`));
    if (authError === "auth/user-token-expired") openAuthDialog("sign-in");
  }, [authError, t]);

  // Back in view (or focused) after a while: check the session again. Only signed-in tabs have one to lose.
  useEffect(() => {
    if (!userId) return;
    let checkedAt = Date.now();
    const check = () => {
      if (document.visibilityState !== "visible" || Date.now() - checkedAt < SESSION_RECHECK_MS) return;
      checkedAt = Date.now();
      revalidate();
    };
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    const timer = window.setInterval(check, SESSION_POLL_MS);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
      window.clearInterval(timer);
    };
  }, [userId, revalidate]);

  return null;
}
