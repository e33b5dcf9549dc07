import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { Ellipsis, Search, Star } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ThreadPage, ThreadSummary } from "~/.server/chat/history";
import { callApi } from "~/lib/api-client";
import { openAuthDialog } from "~/lib/auth-dialog";
import { timeZoneCookie } from "~/lib/cookies";
import { useErrorText } from "~/lib/error-text";
import { DEFAULT_TIME_ZONE, groupThreads, threadPath } from "~/lib/history";
import { notify } from "~/lib/toast";
import { useRootData } from "~/components/root-data";
import { loadConversation } from "../chat/conversation";
import { ThreadMenu } from "../chat/thread-menu";
import { lazyOverlay } from "../ui/lazy-overlay";
import { Tabs } from "../ui/tabs";
import { WhatsAppIcon } from "../whatsapp/whatsapp-icon";
import { Button, buttonVariants } from "~/components/ui/button";
import { dragThread, SidebarProjects } from "../projects/sidebar-projects";
import { SidebarSchedulesLink } from "../schedules/sidebar-link";

const ShareDialog = lazyOverlay(() => import("../share/share-dialog"), ["share"]);
const MoveToProjectDialog = lazyOverlay(() => import("../projects/move-to-project-dialog"), ["projects"]);

interface MainLayoutData {
  history: { all: ThreadPage; starred: ThreadPage };
  now: number;
  timeZone: string;
}

/** A list of threads that starts from its first page and loads more on request; `pageUrl` asks for the page after a cursor. */
function usePagedThreads(first: ThreadPage, pageUrl: (cursor: string) => string) {
  const [extra, setExtra] = useState<ThreadSummary[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [loading, setLoading] = useState(false);
  const errorText = useErrorText();
  // A new first page (after any action revalidates the layout) starts the list again.
  useEffect(() => {
    setExtra([]);
    setCursor(first.nextCursor);
  }, [first]);
  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    const answer = await callApi<ThreadPage>(pageUrl(cursor));
    setLoading(false);
    // A failed page leaves the list as it was; "Load more" stays, so pressing it again retries.
    if (!answer.ok) return notify("error", answer.error.message || errorText(answer.error.code));
    setExtra((current) => [...current, ...answer.data.threads]);
    setCursor(answer.data.nextCursor);
  };
  return { threads: [...first.threads, ...extra], hasMore: Boolean(cursor), loading, loadMore };
}

/**
 * The zone history is grouped in: first the one the server rendered with (so hydration matches), then, after
 * mount, the browser's own, which is also written to the cookie so the next server render already uses it.
 * Only asked once there is something to group: the first Intl call loads the browser's time-zone data, about
 * 30 ms of main thread (110 ms at Lighthouse's mobile CPU), which every first visit paid during hydration.
 */
function useViewerTimeZone(rendered: string, needed: boolean): string {
  const [zone, setZone] = useState(rendered);
  useEffect(() => {
    if (!needed) return;
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browser) return;
    setZone(browser);
    if (browser !== rendered) document.cookie = timeZoneCookie(browser);
  }, [rendered, needed]);
  return zone;
}

function ThreadList({
  threads,
  now,
  timeZone,
  empty,
  onNavigate,
  onShare,
  onMove,
}: {
  threads: ThreadSummary[];
  now: number;
  timeZone: string;
  empty: string;
  onNavigate?: () => void;
  onShare: (thread: ThreadSummary) => void;
  /** "Move to project" (a chat's thread only; decision 0038-projects). */
  onMove?: (thread: ThreadSummary) => void;
}) {
  const { t } = useTranslation(["common", "chat"]);
  const groups = useMemo(() => groupThreads(threads, now, timeZone), [threads, now, timeZone]);
  if (groups.length === 0) return <p className="px-3 py-2 text-xs text-muted-foreground">{empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      {groups.map(({ group, threads: items }) => (
        <section key={group} aria-label={t(`history.${group}`)}>
          <h3 className="px-3 pb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t(`history.${group}`)}</h3>
          <ul className="flex flex-col">
            {items.map((thread) => (
              <li key={thread.id} className="group flex items-center gap-0.5">
                <NavLink
                  to={threadPath(thread)}
                  onClick={onNavigate}
                  // On a desktop a chat is dragged onto a project in the sidebar to move it there.
                  draggable={Boolean(onMove) && thread.tool === "web-main"}
                  onDragStart={(event) => dragThread(event, thread.id)}
                  className={({ isActive }) =>
                    `flex min-w-0 flex-1 items-center gap-2 truncate rounded-md px-3 py-1.5 text-sm ${isActive ? "bg-accent" : "hover:bg-muted"}`
                  }
                >
                  {thread.starred && <Star className="size-3 shrink-0 fill-current text-amber-500" aria-label={t("history.starred")} />}
                  <span className="truncate">{thread.title}</span>
                  {thread.channel === "whatsapp" && <WhatsAppIcon className="size-3.5 shrink-0 text-[#128C7E]" label={t("channels.whatsapp")} />}
                </NavLink>
                <ThreadMenu
                  thread={thread}
                  label={t("chat:threadMenu.label", { title: thread.title })}
                  onShare={() => onShare(thread)}
                  onMove={onMove && thread.tool === "web-main" ? () => onMove(thread) : undefined}
                  className={buttonVariants({
                    variant: "ghost",
                    size: "none",
                    className: "shrink-0 rounded p-1 text-muted-foreground opacity-60 hover:opacity-100 focus-visible:opacity-100 group-hover:opacity-100",
                  })}
                >
                  <Ellipsis className="size-4" aria-hidden />
                </ThreadMenu>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LoadMore({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="button" onClick={onClick} disabled={loading} variant="outline" size="xs" className="mx-3 my-2">
      {loading ? t("loading") : t("history.loadMore")}
    </Button>
  );
}

/** The next page of the history's All Chats tab, and of its Starred tab. */
const allChatsPageUrl = (cursor: string) => `/api/threads?cursor=${encodeURIComponent(cursor)}`;
const starredPageUrl = (cursor: string) => `/api/threads?cursor=${encodeURIComponent(cursor)}&starred=1`;

/** The first page of what `query` finds (null while there is no query), with the text it was found for. */
function useSearch(query: string) {
  const [results, setResults] = useState<(ThreadPage & { text: string }) | null>(null);
  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi<ThreadPage>(`/api/threads?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((answer) => answer.ok && setResults({ ...answer.data, text }))
        // Aborted: a newer query took over.
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return results;
}

/** docs/product.md §2: tabs All Chats and Starred, grouped Today / Previous 7 Days / Last Month / Other Days; with search and paging. */
export function ChatHistory({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<MainLayoutData>("routes/_main");
  const emptyPage = useMemo(() => ({ threads: [], nextCursor: null }), []);
  const all = usePagedThreads(data?.history.all ?? emptyPage, allChatsPageUrl);
  const starred = usePagedThreads(data?.history.starred ?? emptyPage, starredPageUrl);
  const now = data?.now ?? 0;
  const [query, setQuery] = useState("");
  const [tab, setTab] = useState<"all" | "starred">("all");
  const results = useSearch(query);
  const searchText = results?.text ?? "";
  // A search's later pages, for the text its first page was found for.
  const found = usePagedThreads(results ?? emptyPage, (cursor) => `/api/threads?q=${encodeURIComponent(searchText)}&cursor=${encodeURIComponent(cursor)}`);
  const timeZone = useViewerTimeZone(data?.timeZone ?? DEFAULT_TIME_ZONE, all.threads.length + starred.threads.length + found.threads.length > 0);
  const signedIn = Boolean(useRootData()?.user);
  const [sharing, setSharing] = useState<ThreadSummary | null>(null);
  // Links are listed under the account (Settings › Account): a visitor signs in first.
  const share = (thread: ThreadSummary) => (signedIn ? setSharing(thread) : openAuthDialog("sign-in"));
  const [moving, setMoving] = useState<ThreadSummary | null>(null);
  // Projects belong to accounts: a visitor signs in first.
  const move = (thread: ThreadSummary) => (signedIn ? setMoving(thread) : openAuthDialog("sign-in"));
  // A conversation is one click away: the chat's list and header (chat/conversation.tsx) load now, not after the click.
  const listsThreads = all.threads.length + starred.threads.length + found.threads.length > 0;
  useEffect(() => {
    if (listsThreads) void loadConversation();
  }, [listsThreads]);

  /** One tab's list: its loaded pages of threads, then "Load more" while there are more. */
  const pagedList = (list: ReturnType<typeof usePagedThreads>, empty: string) => (
    <>
      <ThreadList threads={list.threads} now={now} timeZone={timeZone} empty={empty} onNavigate={onNavigate} onShare={share} onMove={move} />
      {list.hasMore && <LoadMore onClick={() => void list.loadMore()} loading={list.loading} />}
    </>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <label className="flex items-center gap-2 rounded-md border bg-background px-2 py-1">
        <Search className="size-3.5 text-muted-foreground" aria-hidden />
        <span className="sr-only">{t("history.search")}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("history.search")}
          className="w-full bg-transparent text-sm outline-none"
        />
      </label>
      {results ? (
        <div className="min-h-0 flex-1 overflow-y-auto" aria-live="polite">
          {pagedList(found, t("history.noResults"))}
        </div>
      ) : (
        <Tabs
          label={t("history.title")}
          value={tab}
          onChange={setTab}
          className="flex min-h-0 flex-1 flex-col"
          tabs={[
            {
              value: "all",
              label: t("history.all"),
              panel: (
                <>
                  {/* Projects above the chats, in the same scrolling list (decision 0038-projects). */}
                  <SidebarProjects onNavigate={onNavigate} />
                  <SidebarSchedulesLink onNavigate={onNavigate} />
                  {pagedList(all, t("history.empty"))}
                </>
              ),
            },
            {
              value: "starred",
              label: t("history.starred"),
              panel: pagedList(starred, t("history.emptyStarred")),
            },
          ]}
        />
      )}
      <MoveToProjectDialog open={moving !== null} onOpenChange={(open) => !open && setMoving(null)} thread={moving ?? { id: "", title: "" }} />
      <ShareDialog open={sharing !== null} onOpenChange={(open) => !open && setSharing(null)} thread={sharing ?? { id: "", title: "" }} />
    </div>
  );
}
