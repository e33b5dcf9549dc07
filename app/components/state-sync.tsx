// docs/product.md §4 across tabs, for everything the server keeps (name, photo, plan, language, theme, chats): when this tab
// changes something, the other open tabs of the browser load their data again within a moment, and a tab that
// opens asks the open ones whether its picture of the account is current. (The chat slice — the model chosen per
// tool — travels on its own channel, see lib/chat-prefs.ts; sign-in and sign-out on the "auth" one, auth-sync.tsx.)
import { useFetchers, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { switchLanguage } from "~/lib/strings";
import { STATE_CHANNEL, type StateMessage } from "~/lib/tab-sync";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { useRootData } from "~/components/root-data";

/** What every tab of one browser must agree on, as read from the root loader. */
function fingerprintOf(root: ReturnType<typeof useRootData>): string {
  const user = root?.user;
  return JSON.stringify([user?.id ?? null, user?.displayName ?? null, user?.profilePhotoUrl ?? null, user?.accessLevel ?? null, root?.locale, root?.theme]);
}

export function StateSync() {
  const root = useRootData();
  const fingerprint = fingerprintOf(root);
  const locale = root?.locale;
  const revalidate = useSafeRevalidate();
  const channel = useRef<BroadcastChannel | null>(null);
  const current = useRef(fingerprint);
  current.current = fingerprint;
  const refresh = useRef(revalidate);
  refresh.current = revalidate;

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(STATE_CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<StateMessage>) => {
      const message = event.data;
      if (message?.type === "request") opened.postMessage({ type: "state", fingerprint: current.current } satisfies StateMessage);
      // Another tab saw different account data, or changed something the fingerprint does not show (a plan being
      // cancelled, a chat renamed): load this tab's data again.
      else if (message?.type === "state" && message.fingerprint !== current.current) refresh.current();
      else if (message?.type === "changed") refresh.current();
    };
    // A new tab asks the open ones for the current state.
    opened.postMessage({ type: "request" } satisfies StateMessage);
    return () => {
      opened.close();
      channel.current = null;
    };
  }, []);

  // This tab's account data changed (its own action, or a reload): tell the others.
  useEffect(() => {
    channel.current?.postMessage({ type: "state", fingerprint } satisfies StateMessage);
  }, [fingerprint]);

  // The language chosen in another tab arrives as root data; the translations follow it here.
  useEffect(() => {
    if (locale) void switchLanguage(locale);
  }, [locale]);

  // Any form this tab submits (settings, plan, gallery...) may change what other tabs show.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting =
    (navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() !== "GET") ||
    fetchers.some((fetcher) => fetcher.formMethod !== undefined && fetcher.formMethod.toUpperCase() !== "GET");
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) channel.current?.postMessage({ type: "changed" } satisfies StateMessage);
    wasSubmitting.current = submitting;
  }, [submitting]);

  return null;
}
