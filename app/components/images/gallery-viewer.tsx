// The full-size view of one creation, loaded the first time it opens (docs/product.md §2 overlays): the picture, what it was
// made with, download, "use again", and delete behind a confirmation; a tattoo also placed on the photo it was made for.
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher } from "@remix-run/react";
import { Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { JobImage } from "~/lib/jobs";
import { notify } from "~/lib/toast";
import type { GalleryItem, GalleryVersion } from "~/.server/images/gallery";
import { creationTitle, ImageActions } from "./job-list";
import { TattooOnPhoto } from "./tattoo-on-photo";
import { Button } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";

/** A gallery entry as the gallery loader sends it (the server type, imported for its shape only). */
export type GalleryViewerItem = GalleryItem;

export interface GalleryViewerProps {
  open: boolean;
  item: GalleryViewerItem | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (id: string) => void;
  /** Shows another version of the same original in the viewer. */
  onSelect: (version: GalleryVersion) => void;
}

/** An edited picture's family side by side (decision 0029): the original first, each version after it. */
function Versions({ item, onSelect }: { item: GalleryViewerItem; onSelect: (version: GalleryVersion) => void }) {
  const { t } = useTranslation("images");
  if (item.versions.length < 2) return null;
  return (
    <TitledSection
      id="versions-title"
      title={t("edit.versions")}
      level={3}
      className="flex flex-col gap-2"
      headingClassName="text-sm font-medium text-muted-foreground"
    >
      <ul className="flex gap-3 overflow-x-auto pb-1" data-versions>
        {item.versions.map((version, index) => {
          const name = index === 0 ? t("edit.original") : t("edit.version", { number: index });
          return (
            <li key={version.id} className="shrink-0">
              <Button
                type="button"
                onClick={() => onSelect(version)}
                aria-current={version.id === item.id}
                aria-label={t("edit.showVersion", { name })}
                data-version-id={version.id}
                variant="unstyled"
                className="flex flex-col items-center gap-1 rounded-lg p-1 text-xs aria-[current=true]:outline aria-[current=true]:outline-2 aria-[current=true]:outline-primary"
              >
                <img src={version.url} alt="" width={version.width} height={version.height} className="size-24 rounded-md border bg-muted object-contain" />
                <span>{name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}

export default function GalleryViewer({ open, item, onOpenChange, onDeleted, onSelect }: GalleryViewerProps) {
  const { t, i18n } = useTranslation(["images", "tools"]);
  const fetcher = useFetcher<{ ok: boolean; id?: string; error?: { code?: string } }>();
  const [confirming, setConfirming] = useState(false);
  const deleting = fetcher.state !== "idle";

  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok && result.id) {
      onDeleted(result.id);
      notify("success", t("gallery.deleted"));
    } else if (!result.ok) {
      notify("error", t(`errors:${result.error?.code ?? "app/unknown"}`));
    }
    // One toast per answer: fetcher.data is a new object each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  if (!item) return null;
  const image: JobImage = {
    id: item.id,
    url: item.url,
    downloadUrl: item.downloadUrl,
    contentType: item.contentType,
    width: item.width,
    height: item.height,
    model: item.model,
  };
  const model = item.model === "demo" ? t("jobs.demoModel") : item.model === "vector" ? t("jobs.vectorModel") : item.model;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeStyle: "short" }).format(new Date(item.createdAt));
  const transparent = item.tool !== "image-generation";
  const title = creationTitle(item, t, i18n.language);
  // A tattoo is shown with the photo it was made for, an edited chat photo with that photo.
  const photoId =
    item.settings?.tool === "tattoo-generator" ? item.settings.uploadId : item.settings?.tool === "image-generation" ? item.settings.edit?.uploadId : undefined;
  const original = photoId ? `/media/uploads/${encodeURIComponent(photoId)}` : null;
  const originalLabel = item.settings?.tool === "tattoo-generator" ? t("tattoo.original") : t("edit.original");

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[94vh] w-[min(96vw,64rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl border bg-card shadow-xl">
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <Dialog.Title className="min-w-0 font-semibold wrap-anywhere">{title}</Dialog.Title>
            <Dialog.Close className="rounded p-1.5 hover:bg-muted" aria-label={t("gallery.close")}>
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="grid gap-4 p-4 md:grid-cols-[minmax(0,1fr)_16rem]">
            <div className="flex flex-col gap-3">
              <img
                src={item.url}
                alt={title}
                width={item.width}
                height={item.height}
                className={`mx-auto h-auto max-h-[70vh] w-full rounded-lg border object-contain ${transparent ? "bg-white" : "bg-muted"}`}
              />
              <Versions item={item} onSelect={onSelect} />
              {original && (
                <figure className="flex items-center gap-3">
                  <img src={original} alt={originalLabel} className="size-20 rounded-md border object-cover" />
                  <figcaption className="text-xs text-muted-foreground">{originalLabel}</figcaption>
                </figure>
              )}
              {original && item.settings?.tool === "tattoo-generator" && <TattooOnPhoto photoUrl={original} designUrl={item.url} />}
            </div>
            <div className="flex flex-col gap-4">
              <Dialog.Description className="sr-only">{t("gallery.viewerTitle")}</Dialog.Description>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{t("gallery.tool")}</dt>
                <dd>{t(`common:tools.${item.tool}`)}</dd>
                <dt className="text-muted-foreground">{t("gallery.prompt")}</dt>
                <dd className="break-words">{item.prompt || "—"}</dd>
                <dt className="text-muted-foreground">{t("gallery.model")}</dt>
                <dd>{model}</dd>
                <dt className="text-muted-foreground">{t("gallery.date")}</dt>
                <dd>{date}</dd>
                <dt className="text-muted-foreground">{t("gallery.size")}</dt>
                <dd>
                  {item.width} × {item.height}
                </dd>
              </dl>
              <ImageActions job={{ id: item.jobId, tool: item.tool }} image={image} galleryLink={false} />
              {confirming ? (
                <div
                  role="alertdialog"
                  aria-labelledby="delete-title"
                  aria-describedby="delete-body"
                  className="flex flex-col gap-2 rounded-lg border border-danger/40 p-3 text-sm"
                >
                  <p id="delete-title" className="font-medium">
                    {t("gallery.deleteTitle")}
                  </p>
                  <p id="delete-body" className="text-muted-foreground">
                    {t("gallery.deleteBody")}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" onClick={() => setConfirming(false)} variant="outline" size="sm">
                      {t("gallery.cancel")}
                    </Button>
                    <fetcher.Form method="post" action="/gallery">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={item.id} />
                      <Button type="submit" disabled={deleting} autoFocus variant="danger" size="sm">
                        {t("gallery.confirmDelete")}
                      </Button>
                    </fetcher.Form>
                  </div>
                </div>
              ) : (
                <Button type="button" onClick={() => setConfirming(true)} variant="danger-outline" size="sm" className="w-fit">
                  <Trash2 className="size-4" aria-hidden />
                  {t("gallery.delete")}
                </Button>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
