import { Download } from "lucide-react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/auth/fields";
import type { DataExportView } from "~/lib/schemas/exports";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { formatBytes } from "~/lib/bytes";
import { usePolledView } from "~/lib/use-polled-view";

/** How often the page asks how far the export has got: often enough to see it move, rare enough to cost nothing. */
const POLL_MS = 1500;

const isActive = (view: DataExportView | null) => view?.status === "queued" || view?.status === "running";

const exportOf = (answer: { export?: DataExportView | null }) => answer.export ?? null;

function ExportState({ view }: { view: DataExportView }) {
  const { t, i18n } = useTranslation("settings");
  if (view.status === "queued" || view.status === "running") {
    return (
      <div className="flex max-w-md flex-col gap-2" role="status">
        <p className="text-sm">{t("account.dataExport.preparing", { percent: view.progress })}</p>
        <div
          role="progressbar"
          aria-label={t("account.dataExport.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.progress}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${view.progress}%` }} />
        </div>
      </div>
    );
  }
  if (view.status === "ready" && view.downloadUrl) {
    const size = formatBytes(view.bytes ?? 0, i18n.language);
    // UTC on both sides, so the server's render and the browser's agree.
    const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(view.expiresAt ?? Date.now()));
    return (
      <div className="flex flex-col gap-2" role="status">
        <p className="text-sm font-medium">{t("account.dataExport.ready")}</p>
        <a
          href={view.downloadUrl}
          download
          className="inline-flex w-fit items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          <Download className="size-4" aria-hidden />
          {t("account.dataExport.download", { size })}
        </a>
        <p className="text-xs text-muted-foreground">{t("account.dataExport.keptUntil", { date: until })}</p>
      </div>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" role="status">
      {t(view.status === "expired" ? "account.dataExport.expired" : "account.dataExport.failed")}
    </p>
  );
}

/** Settings › Account "Download my data" (decision 0018): start an export, watch it, download it when ready. */
export function DataExport({ latest }: { latest: DataExportView | null }) {
  const { t } = useTranslation("settings");
  const [view, setView] = usePolledView(latest, { endpoint: "/api/exports/latest", everyMs: POLL_MS, isActive, pick: exportOf });
  const exportData = useApiAction<{ export: DataExportView }>();
  const toastFailure = useActionFailureToast();

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await exportData.submit("/api/exports", new FormData(event.currentTarget));
    if (!result.ok) return toastFailure(result);
    setView(result.export);
    notify("success", t("account.dataExport.started"));
  };

  return (
    <div className="flex flex-col gap-3">
      {view && <ExportState view={view} />}
      {!isActive(view) && (
        <form method="post" action="/api/exports" onSubmit={(event) => void start(event)}>
          <input type="hidden" name="intent" value="export-data" />
          <SubmitButton busy={exportData.state === "submitting"} variant={view?.status === "ready" ? "secondary" : "primary"}>
            {t("account.dataExport.button")}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
