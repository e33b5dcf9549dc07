// "Show more" under a list the page's loader pages newest first (the gallery's Images and Files tabs): a link to the
// next page, so it works before the page's script has loaded, that with the script appends that page in place instead.
import { Link, useFetcher } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface ListPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * The loader's first page followed by every page "Show more" fetched since; `pageIn` picks the list's page out of
 * the route's data. A new first page (the loader ran again) keeps what was appended and follows the new cursor only
 * until the next page arrives.
 */
export function useMorePages<Data, Item>(first: ListPage<Item>, pageIn: (data: SerializeFrom<Data>) => ListPage<Item>) {
  const more = useFetcher<Data>();
  // The latest `pageIn` (a new function each render); only a newly arrived page runs the effect below.
  const pick = useRef(pageIn);
  pick.current = pageIn;
  const [extra, setExtra] = useState<Item[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  useEffect(() => setCursor(first.nextCursor), [first.nextCursor]);
  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    const loaded = pick.current(more.data);
    setExtra((current) => [...current, ...loaded.items]);
    setCursor(loaded.nextCursor);
  }, [more.data, more.state]);
  const items = useMemo(() => [...first.items, ...extra], [first.items, extra]);
  return { items, cursor, loading: more.state !== "idle", load: more.load };
}

/** The link to the next page (`href`); with the script loaded, `load` fetches it into the list instead. */
export function ShowMore({ href, loading, load }: { href: string; loading: boolean; load: (href: string) => void }) {
  const { t } = useTranslation("gallery");
  return (
    <div className="flex justify-center">
      <Link
        to={href}
        onClick={(event) => {
          event.preventDefault();
          if (!loading) load(href);
        }}
        className="rounded-md border px-4 py-2 text-sm font-medium hover:bg-muted"
        aria-disabled={loading}
      >
        {loading ? t("more.loading") : t("more.show")}
      </Link>
    </div>
  );
}
