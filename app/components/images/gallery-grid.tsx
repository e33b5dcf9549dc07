// The gallery's parts (app/routes/_main.gallery.tsx): the grid of creations and what an empty gallery or a visitor sees.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GalleryViewerItem } from "~/components/images/gallery-viewer";
import { creationTitle } from "~/components/images/job-list";
import { ToolIcon } from "~/components/layout/tool-icon";
import { Button } from "~/components/ui/button";
import { openAuthDialog } from "~/lib/auth-dialog";
import { GALLERY_TOOLS } from "~/lib/image-options";

/** The creations as cards; a card's picture opens it in the viewer. */
export function GalleryGrid({ items, onOpen }: { items: readonly GalleryViewerItem[]; onOpen: (item: GalleryViewerItem) => void }) {
  const { t, i18n } = useTranslation("images");
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.id}>
          <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card" data-gallery-item={item.id}>
            <Button
              type="button"
              onClick={() => onOpen(item)}
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
  );
}

/** An empty gallery, or a visitor's (decision 0020): what the gallery is, the tools that fill it, and for a visitor a sign-in. */
export function EmptyGallery({ visitor }: { visitor: boolean }) {
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
