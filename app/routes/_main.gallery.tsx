import { routeStrings } from "~/lib/i18n";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { GalleryHorizontalEnd } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { galleryFiles } from "~/.server/documents/store";
import { pageAction, requireUser } from "~/.server/http/auth";
import { getViewer } from "~/.server/identity";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { deleteGalleryImage, galleryPage } from "~/.server/images/gallery";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import type { GalleryViewerItem } from "~/components/images/gallery-viewer";
import { EmptyGallery, GalleryGrid } from "~/components/images/gallery-grid";
import { DocumentPanelHost } from "~/components/documents/document-panel-host";
import { FilesList } from "~/components/documents/files-list";
import { lazyOverlay } from "~/components/ui/lazy-overlay";
import { PageHeader } from "~/components/ui/page-header";
import { ShowMore, useMorePages } from "~/components/ui/show-more";
import { Tabs } from "~/components/ui/tabs";
import { titleMeta } from "~/lib/meta";

export const handle = routeStrings("gallery", "tools", "images", "documents");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  // A visitor sees what the gallery is and is invited to sign in (decision 0020), not sent away.
  if (viewer.kind !== "user") {
    return {
      title: await pageTitle(request, "gallery", "title"),
      visitor: true,
      items: [],
      nextCursor: null,
      total: 0,
      focused: null,
      files: [],
      filesCursor: null,
    };
  }
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor");
  const filesCursor = url.searchParams.get("filesCursor");
  // ?image=<id> opens that creation (a "ready" toast links here); it may be older than the first page.
  // The Files tab's documents (decision 0031) are read beside the creations. "Show more" of one tab (?cursor= for the
  // creations, ?filesCursor= for the files) reads only that tab's next page.
  const [page, title, files] = await Promise.all([
    filesCursor ? NO_CREATIONS : galleryPage(context.env, viewer.accountId, { cursor, focus: url.searchParams.get("image") }),
    pageTitle(request, "gallery", "title"),
    cursor ? NO_FILES : galleryFiles(context.env, viewer.accountId, filesCursor),
  ]);
  return { title, visitor: false, ...page, files: files.files, filesCursor: files.nextCursor };
}

const NO_CREATIONS = { items: [], nextCursor: null, total: 0, focused: null };
const NO_FILES = { files: [], nextCursor: null };

const actionSchema = z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) });

/** Delete a creation: its row and its file (the viewer asks for confirmation first). */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await requireUser(request, context);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new AppError("request/invalid");
  await deleteGalleryImage(context.env, viewer.accountId, parsed.data.id);
  return { ok: true, id: parsed.data.id };
});

export const meta = titleMeta;

/** Switching between the Images and Files tabs shows data already on the page: no loader runs again for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
};

const GalleryViewer = lazyOverlay(() => import("~/components/images/gallery-viewer"));

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Gallery() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("images");
  const { t: tg } = useTranslation("gallery");
  const [searchParams, setSearchParams] = useSearchParams();
  const creations = useMorePages({ items: page.items, nextCursor: page.nextCursor }, (data: Page) => data);
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<GalleryViewerItem | null>(page.focused);
  const [open, setOpen] = useState(Boolean(page.focused));

  // Opening from a link (?image=) after the page is already shown.
  useEffect(() => {
    if (page.focused) {
      setSelected(page.focused);
      setOpen(true);
    }
  }, [page.focused]);

  const items = useMemo(() => {
    const seen = new Set<string>();
    return creations.items.filter((item) => !removed.has(item.id) && !seen.has(item.id) && seen.add(item.id));
  }, [creations.items, removed]);
  const { cursor } = creations;
  const total = Math.max(0, page.total - removed.size);

  const openItem = (item: GalleryViewerItem) => {
    setSelected(item);
    setOpen(true);
  };
  // ?tab=files opens the Files tab, so it can be linked.
  const tab = searchParams.get("tab") === "files" ? "files" : "images";
  const showTab = (next: "images" | "files") => {
    const params = new URLSearchParams(searchParams);
    if (next === "files") params.set("tab", "files");
    else params.delete("tab");
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const close = (next: boolean) => {
    setOpen(next);
    if (!next && searchParams.has("image")) {
      const params = new URLSearchParams(searchParams);
      params.delete("image");
      setSearchParams(params, { replace: true, preventScrollReset: true });
    }
  };

  const images =
    items.length === 0 && !cursor ? (
      <EmptyGallery visitor={page.visitor} />
    ) : (
      <div className="flex w-full flex-col gap-6 py-4">
        <GalleryGrid items={items} onOpen={openItem} />
        {cursor && <ShowMore href={`/gallery?cursor=${encodeURIComponent(cursor)}`} loading={creations.loading} load={creations.load} />}
      </div>
    );

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title={tg("title")}
        description={tg("description")}
        icon={<GalleryHorizontalEnd className="size-5" aria-hidden />}
        actions={total > 0 ? <p className="text-sm text-muted-foreground">{t("gallery.count", { count: total })}</p> : undefined}
      />
      <Tabs
        label={tg("tabs.label")}
        value={tab}
        onChange={showTab}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 pt-4 md:px-8 [&>[role=tablist]]:max-w-xs [&>[role=tablist]]:text-sm"
        tabs={[
          { value: "images", label: tg("tabs.images"), panel: images },
          {
            value: "files",
            label: tg("tabs.files"),
            panel: page.visitor ? <EmptyGallery visitor /> : <FilesList files={page.files} nextCursor={page.filesCursor} />,
          },
        ]}
      />
      <DocumentPanelHost />
      <GalleryViewer
        open={open}
        item={selected}
        onOpenChange={close}
        onSelect={(version) => selected && openItem({ ...version, versions: selected.versions })}
        onDeleted={(id) => {
          setRemoved((current) => new Set(current).add(id));
          close(false);
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
