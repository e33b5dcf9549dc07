import { Link } from "@remix-run/react";
import { AlertCircle, Download, GalleryHorizontalEnd, Loader2, Pencil, RotateCcw, Repeat } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { onJobUpdate, watchJobs } from "~/lib/job-watch";
import { reusePath, type JobView } from "~/lib/jobs";
import { notify } from "~/lib/toast";
import { openUpgradeDialog } from "~/lib/ui-store";
import { refreshCredits } from "../chat/use-credits";
import { downloadSvgAsPng } from "./download";
import { TattooOnPhoto } from "./tattoo-on-photo";
import { languageName, TranslationView } from "./translation-view";
import { Button, buttonVariants } from "~/components/ui/button";
import { TitledSection } from "~/components/ui/titled-section";

/** Shows the upgrade dialog for the refusals it answers, and the message for every refusal. */
export function reportJobError(code: string, t: (key: string) => string) {
  if (code === "credits/exhausted") openUpgradeDialog("credits");
  if (code === "plan/pro-required") openUpgradeDialog("model");
  notify("error", t(`errors:${code}`));
}

/**
 * The jobs a tool page shows: the loader's recent ones, plus the ones made here, each kept current by the layout's
 * watcher (one poller for the whole app). Unfinished jobs from the loader are watched too, so coming back to a
 * page while something is being made picks up where it was.
 */
export function useJobs(initial: JobView[]) {
  const [local, setLocal] = useState<Record<string, JobView>>({});
  useEffect(() => watchJobs(initial), [initial]);
  useEffect(
    () =>
      onJobUpdate((job) => setLocal((current) => (current[job.id] || initial.some((item) => item.id === job.id) ? { ...current, [job.id]: job } : current))),
    [initial],
  );
  const jobs = useMemo(() => {
    const byId = new Map(initial.map((job) => [job.id, job]));
    for (const job of Object.values(local)) {
      const known = byId.get(job.id);
      if (!known || job.updatedAt >= known.updatedAt) byId.set(job.id, job);
    }
    return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  }, [initial, local]);
  const add = useCallback((job: JobView) => {
    setLocal((current) => ({ ...current, [job.id]: job }));
    watchJobs([job]);
    void refreshCredits();
  }, []);
  return { jobs, add };
}

function modelLabel(model: string, t: (key: string, options?: Record<string, unknown>) => string) {
  if (model === "demo") return t("jobs.demoModel");
  if (model === "vector") return t("jobs.vectorModel");
  return model;
}

/** How a creation is named in lists: its words, or for a tattoo its theme, or for a translation its language. */
export function creationTitle(
  job: Pick<JobView, "prompt" | "settings">,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string {
  const settings = job.settings;
  if (settings?.tool === "photo-translate")
    return t("translate.into", { language: languageName(settings.targetLanguage, language) ?? settings.targetLanguage });
  if (settings?.tool === "tattoo-generator") return [t(`tools:tattoo-generator.themes.${settings.theme}`), settings.description].filter(Boolean).join(" · ");
  return job.prompt || t("jobs.untitled");
}

function Progress({ job }: { job: JobView }) {
  const { t } = useTranslation("images");
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg bg-muted/60 px-3 py-3 text-sm">
      <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-primary" aria-hidden />
      <div>
        <p className="font-medium">{t(`jobs.status.${job.status}`)}</p>
        <p className="text-muted-foreground">{t(job.tool === "photo-translate" ? "jobs.progressTranslate" : "jobs.progress")}</p>
      </div>
    </div>
  );
}

function Failed({ job, onRetried }: { job: JobView; onRetried: (job: JobView) => void }) {
  const { t } = useTranslation("images");
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      const form = new FormData();
      form.set("requestId", crypto.randomUUID());
      const answer = await callApi<{ job: JobView }>(`/api/jobs/${encodeURIComponent(job.id)}/retry`, { method: "POST", body: form });
      if (answer.ok) onRetried(answer.data.job);
      else reportJobError(answer.error.code, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-lg border border-danger/40 px-3 py-3 text-sm">
      <p className="flex items-start gap-2 text-danger">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t(`errors:${job.errorCode ?? "image/provider-failed"}`)}
      </p>
      <Button type="button" onClick={() => void retry()} disabled={busy} variant="outline" size="sm" className="w-fit font-medium">
        <RotateCcw className="size-4" aria-hidden />
        {busy ? t("jobs.retrying") : t("jobs.retry")}
      </Button>
    </div>
  );
}

const actionClass = buttonVariants({ variant: "outline", size: "sm" });

/** Download, open in the gallery, use again: what a finished picture offers wherever it is shown. */
export function ImageActions({
  job,
  image,
  galleryLink = true,
}: {
  job: { id: string; tool: JobView["tool"] | "horoscope" };
  image: NonNullable<JobView["image"]>;
  galleryLink?: boolean;
}) {
  const { t } = useTranslation("images");
  const svg = image.contentType === "image/svg+xml";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={image.downloadUrl} download className={actionClass}>
        <Download className="size-4" aria-hidden />
        {svg ? t("jobs.downloadSvg") : t("jobs.download")}
      </a>
      {svg && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void downloadSvgAsPng(image.downloadUrl, image.width, image.height).catch(() => notify("error", t("errors:app/unknown")))}
        >
          <Download className="size-4" aria-hidden />
          {t("jobs.downloadPng")}
        </Button>
      )}
      {galleryLink && (
        <Link to={`/gallery?image=${encodeURIComponent(image.id)}`} className={actionClass}>
          <GalleryHorizontalEnd className="size-4" aria-hidden />
          {t("jobs.openGallery")}
        </Link>
      )}
      <Link to={reusePath(job)} className={actionClass}>
        <Repeat className="size-4" aria-hidden />
        {t("jobs.useAgain")}
      </Link>
      {/* A photo-like picture can be edited into a new version of itself (decision 0029); a vector logo cannot. */}
      {(image.contentType === "image/png" || image.contentType === "image/jpeg") && (
        <Link to={`/image-generation?edit=${encodeURIComponent(image.id)}`} className={actionClass}>
          <Pencil className="size-4" aria-hidden />
          {t("edit.action")}
        </Link>
      )}
    </div>
  );
}

function Picture({ image, alt, transparent }: { image: NonNullable<JobView["image"]>; alt: string; transparent: boolean }) {
  return (
    <img
      src={image.url}
      alt={alt}
      width={image.width}
      height={image.height}
      className={`h-auto max-h-[28rem] w-auto max-w-full rounded-lg border object-contain ${transparent ? "bg-white" : "bg-muted"}`}
    />
  );
}

/** The tattoo beside the photo it was made for, and placed on it. */
function TattooResult({ job, image }: { job: JobView; image: NonNullable<JobView["image"]> }) {
  const { t } = useTranslation("images");
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <figure className="flex flex-col gap-1">
          <figcaption className="text-xs font-medium text-muted-foreground">{t("tattoo.original")}</figcaption>
          {job.sourceUrl && <img src={job.sourceUrl} alt={t("tattoo.original")} className="h-auto w-full rounded-lg border bg-muted object-contain" />}
        </figure>
        <figure className="flex flex-col gap-1">
          <figcaption className="text-xs font-medium text-muted-foreground">{t("tattoo.design")}</figcaption>
          <img
            src={image.url}
            alt={t("tattoo.design")}
            width={image.width}
            height={image.height}
            className="h-auto w-full rounded-lg border bg-white object-contain"
          />
        </figure>
      </div>
      {job.sourceUrl && <TattooOnPhoto photoUrl={job.sourceUrl} designUrl={image.url} />}
    </div>
  );
}

function Done({ job }: { job: JobView }) {
  const { t } = useTranslation("images");
  if (job.tool === "photo-translate") {
    if (!job.translation || job.settings?.tool !== "photo-translate") return null;
    return <TranslationView result={job.translation} targetLanguage={job.settings.targetLanguage} />;
  }
  const image = job.image;
  if (!image) return null;
  const transparent = job.tool !== "image-generation";
  return (
    <div className="flex flex-col gap-3">
      {job.tool === "tattoo-generator" ? (
        <TattooResult job={job} image={image} />
      ) : (
        <Picture image={image} alt={t("jobs.resultAlt", { prompt: job.prompt })} transparent={transparent} />
      )}
      <ImageActions job={job} image={image} />
    </div>
  );
}

/** One creation: progress while it is made, the result when done, the reason and "Try again" when it failed. */
export function JobCard({ job, onRetried }: { job: JobView; onRetried: (job: JobView) => void }) {
  const { t, i18n } = useTranslation(["images", "tools"]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(job.createdAt));
  // What made it: the image model, or for a translation the vision model (or the demo).
  const model = job.image?.model ?? (job.tool === "photo-translate" && job.translation ? (job.translation.demo ? "demo" : job.model) : null);
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
      aria-label={creationTitle(job, t, i18n.language)}
      data-job-id={job.id}
      data-status={job.status}
      suppressHydrationWarning
    >
      <header className="flex flex-col gap-0.5">
        <h3 className="line-clamp-2 break-words font-medium" suppressHydrationWarning>
          {creationTitle(job, t, i18n.language)}
        </h3>
        <p className="text-xs text-muted-foreground">
          {model && <span className="mr-2">{t("jobs.madeWith", { model: modelLabel(model, t) })}</span>}
          <time dateTime={new Date(job.createdAt).toISOString()} suppressHydrationWarning>
            {date}
          </time>
        </p>
      </header>
      {job.status === "done" ? <Done job={job} /> : job.status === "failed" ? <Failed job={job} onRetried={onRetried} /> : <Progress job={job} />}
    </article>
  );
}

export function JobList({ jobs, onRetried }: { jobs: JobView[]; onRetried: (job: JobView) => void }) {
  const { t } = useTranslation("images");
  return (
    <TitledSection id="recent-jobs" title={t("jobs.title")} className="flex flex-col gap-3" headingClassName="text-sm font-medium text-muted-foreground">
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{t("jobs.empty")}</p>
      ) : (
        jobs.map((job) => <JobCard key={job.id} job={job} onRetried={onRetried} />)
      )}
    </TitledSection>
  );
}
