// SPEC §4 across tabs: when this tab signs in or out, the other open tabs hear it on the "auth" BroadcastChannel
// and reload their data, so a sign-out in one tab signs every tab out. Also shows the once-per-load
// "Could not retrieve user information" notice when a session's profile could not be loaded.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { AUTH_CHANNEL } from "~/lib/auth";
import { useRootData } from "~/root";

interface AuthMessage {
  type: "auth-changed";
  userId: string | null;
}

export function AuthSync() {
  const root = useRootData();
  const userId = root?.user?.id ?? null;
  const authError = root?.authError ?? null;
  const revalidator = useRevalidator();
  const { t } = useTranslation();
  const channel = useRef<BroadcastChannel | null>(null);
  const current = useRef(userId);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

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
      if (event.data.userId !== current.current) revalidate.current();
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, []);

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
    if (authError) notify("error", t(`errors:${authError}`));
  }, [authError, t]);

  return null;
}
