import { NavLink, useRouteLoaderData } from "@remix-run/react";
import * as Tabs from "@radix-ui/react-tabs";
import { Star } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ThreadSummary } from "~/.server/chat/history";
import { groupThreads } from "~/lib/history";

interface MainLayoutData {
  threads: ThreadSummary[];
  now: number;
}

function threadPath(thread: ThreadSummary): string {
  if (thread.tool === "horoscope" && thread.toolPath) return `/horoscope/${thread.toolPath}/${thread.id}`;
  if (thread.tool === "web-search") return `/web-search/${thread.id}`;
  return `/web-main/${thread.id}`;
}

function ThreadList({ threads, now, empty, onNavigate }: { threads: ThreadSummary[]; now: number; empty: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupThreads(threads, now), [threads, now]);
  if (groups.length === 0) return <p className="px-3 py-2 text-xs text-muted-foreground">{empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      {groups.map(({ group, threads: items }) => (
        <section key={group} aria-label={t(`history.${group}`)}>
          <h3 className="px-3 pb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t(`history.${group}`)}</h3>
          <ul className="flex flex-col">
            {items.map((thread) => (
              <li key={thread.id}>
                <NavLink
                  to={threadPath(thread)}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `flex items-center gap-2 truncate rounded-md px-3 py-1.5 text-sm ${isActive ? "bg-accent" : "hover:bg-muted"}`
                  }
                >
                  {thread.starred && <Star className="size-3 shrink-0 fill-current text-amber-500" aria-hidden />}
                  <span className="truncate">{thread.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** SPEC §2: tabs All Chats and Starred, grouped Today / Previous 7 Days / Last Month / Other Days. */
export function ChatHistory({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<MainLayoutData>("routes/_main");
  const threads = data?.threads ?? [];
  const now = data?.now ?? 0;
  return (
    <Tabs.Root defaultValue="all" className="flex min-h-0 flex-1 flex-col gap-2" aria-label={t("history.title")}>
      <Tabs.List className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1 text-xs" aria-label={t("history.title")}>
        <Tabs.Trigger value="all" className="rounded px-2 py-1 data-[state=active]:bg-background data-[state=active]:shadow-sm">
          {t("history.all")}
        </Tabs.Trigger>
        <Tabs.Trigger value="starred" className="rounded px-2 py-1 data-[state=active]:bg-background data-[state=active]:shadow-sm">
          {t("history.starred")}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="all" className="min-h-0 flex-1 overflow-y-auto">
        <ThreadList threads={threads} now={now} empty={t("history.empty")} onNavigate={onNavigate} />
      </Tabs.Content>
      <Tabs.Content value="starred" className="min-h-0 flex-1 overflow-y-auto">
        <ThreadList
          threads={threads.filter((thread) => thread.starred)}
          now={now}
          empty={t("history.emptyStarred")}
          onNavigate={onNavigate}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}
