import { useMatches } from "@remix-run/react";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { applyUpdate, tellServiceWorker, useUpdateWaiting } from "~/lib/service-worker";
import { useRootData } from "~/components/root-data";
import { Button } from "~/components/ui/button";

const CHAT_ROUTE = "routes/_main.web-main.($threadId)";

interface ChatRouteData {
  thread: { id: string; title: string } | null;
  messages: { role: string; content: string }[];
}

/**
 * Keeps the service worker told what it cannot see (decision 0017): the page's language (for the offline page), the
 * chat last opened (readable offline), and that it must forget that chat when the signed-in person changes.
 */
function useWorkerState() {
  const root = useRootData();
  const locale = root?.locale ?? "en";
  const userId = root?.user?.id ?? null;
  const previousUser = useRef(userId);
  const matches = useMatches();
  const chat = matches.find((match) => match.id === CHAT_ROUTE)?.data as ChatRouteData | undefined;

  useEffect(() => {
    tellServiceWorker({ type: "LOCALE", locale });
  }, [locale]);

  useEffect(() => {
    // Signing out (or in as someone else) on a shared device must not leave the last person's chat readable.
    if (previousUser.current !== userId) tellServiceWorker({ type: "FORGET_CHAT" });
    previousUser.current = userId;
  }, [userId]);

  useEffect(() => {
    if (!chat?.thread) return;
    const messages = chat.messages.map(({ role, content }) => ({ role, content }));
    tellServiceWorker({ type: "LAST_CHAT", chat: { url: `/web-main/${chat.thread.id}`, title: chat.thread.title, messages } });
  }, [chat]);
}

/** "New version available · Reload" while a new build's worker waits (decision 0017: no tab left on mixed versions). */
export function ServiceWorkerHost() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  useWorkerState();
  if (!waiting) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 left-4 z-[70] flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm shadow-lg"
    >
      <span>{t("update.available")}</span>
      <Button type="button" onClick={applyUpdate} variant="primary" size="sm">
        <RefreshCw className="size-4" aria-hidden />
        {t("update.reload")}
      </Button>
    </div>
  );
}
