import { routeStrings } from "~/lib/i18n";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
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
import { creationTitle } from "~/components/images/job-list";
import { DocumentPanelHost } from "~/components/documents/document-panel-host";
import { FilesList } from "~/components/documents/files-list";
import { ToolIcon } from "~/components/layout/tool-icon";
import { lazyOverlay } from "~/components/ui/lazy-overlay";
import { PageHeader } from "~/components/ui/page-header";
import { ShowMore, useMorePages } from "~/components/ui/show-more";
import { Tabs } from "~/components/ui/tabs";
import { openAuthDialog } from "~/lib/auth-dialog";
import { titleMeta } from "~/lib/meta";
import { GALLERY_TOOLS } from "~/lib/image-options";
import { Button } from "~/components/ui/button";

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

function EmptyGallery({ visitor }: { visitor: boolean }) {
  const { t } = useTranslation("gallery");
  const { t: tc } = useTranslation("common");
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <h2 className="text-lg font-medium">{t(visitor ? "visitor.title" : "empty.title")}</h2>
      <p className="text-sm text-muted-foreground">{t(visitor ? "visitor.body" : "empty.body")}</p>
      {visitor && (
        <Link
          to={`/auth/login?redirectTo=${encodeURIComponent("/gallery")}`}
          onClick={(event) => {
            event.preventDefault();
            openAuthDialog("sign-in");
          }}
          className="rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
        >
          {t("visitor.signIn")}
        </Link>
      )}
      <ul className="flex flex-wrap justify-center gap-2">
        {GALLERY_TOOLS.map((tool) => (
          <li key={tool}>
            <Link to={`/${tool}`} className="inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted">
              <ToolIcon tool={tool} />
              {tc(`tools.${tool}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Gallery() {
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("images");
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
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card" data-gallery-item={item.id}>
                <Button
                  type="button"
                  onClick={() => openItem(item)}
                  variant="unstyled"
                  className="block aspect-square w-full overflow-hidden bg-muted"
                  aria-label={t("gallery.open", { name: creationTitle(item, t, i18n.language) })}
                >
                  <img
                    src={item.url}
                    alt=""
                    loading="lazy"
                    width={item.width}
                    height={item.height}
                    className={`size-full object-contain ${item.tool === "image-generation" ? "" : "bg-white"}`}
                  />
                </Button>
                <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                  <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                    <ToolIcon tool={item.tool} className="size-3.5" />
                    {t(`common:tools.${item.tool}`)}
                  </p>
                  <p className="line-clamp-2 break-words font-medium">{creationTitle(item, t, i18n.language)}</p>
                  <p className="mt-auto text-xs text-muted-foreground">
                    {item.model === "demo" ? t("jobs.demoModel") : item.model === "vector" ? t("jobs.vectorModel") : item.model} ·{" "}
                    <time dateTime={new Date(item.createdAt).toISOString()} suppressHydrationWarning>
                      {new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(item.createdAt))}
                    </time>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
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
