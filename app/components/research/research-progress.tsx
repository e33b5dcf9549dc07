// A research's progress (decision 0043): the live region "Research progress" with the current
// step, the sources read and the time so far, polled while it runs (it runs in the account's object, so a reload or
// another tab shows the same), its Cancel, and once the report is written its exports.
import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "@remix-run/react";
import { callApi } from "~/lib/api-client";
import type { ResearchView } from "~/lib/schemas/research";
import { notify } from "~/lib/toast";
import { Button, buttonVariants } from "../ui/button";

const POLL_MS = 1_000;

function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function ResearchProgress({ initial }: { initial: ResearchView }) {
  const { t } = useTranslation("search");
  const revalidator = useRevalidator();
  const [view, setView] = useState(initial);
  // The server's clock is not the browser's: the first render (server and hydration) says 0:00, the browser's clock after.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const running = view.status === "running";

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      setNow(Date.now());
      const answer = await callApi<{ research: ResearchView }>(`/api/research/${view.id}`);
      if (!answer.ok) return;
      setView(answer.data.research);
      if (answer.data.research.status !== "running") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, view.id, revalidator]);

  const cancel = async () => {
    const answer = await callApi<{ research: ResearchView }>(`/api/research/${view.id}/cancel`, { method: "POST" });
    if (!answer.ok) return notify("error", answer.error.message);
    setView(answer.data.research);
    revalidator.revalidate();
  };

  const step = Math.min(view.chargedSteps + 1, view.totalSteps);
  const ended = view.status === "completed" ? t("research.completed") : view.status === "cancelled" ? t("research.cancelled") : t("research.failed");
  return (
    <section
      role="status"
      aria-live="polite"
      aria-label={t("research.progress")}
      className="mx-auto flex w-full max-w-3xl flex-col gap-2 rounded-lg border p-4 text-sm"
    >
      {running ? (
        <>
          <p className="font-medium">{t("research.stepOf", { step, total: view.totalSteps, label: view.step ?? t("research.running") })}</p>
          <p>{t("research.sourcesRead", { count: view.sourcesRead })}</p>
          <p className="text-muted-foreground">{t("research.elapsed", { time: elapsed((now ?? view.startedAt) - view.startedAt) })}</p>
          <Button type="button" variant="danger-outline" className="self-start" onClick={() => void cancel()}>
            {t("research.cancel")}
          </Button>
        </>
      ) : (
        <>
          <p>{ended}</p>
          <p>{t("research.sourcesRead", { count: view.sourcesRead })}</p>
          {view.hasReport && (
            <div className="flex flex-wrap gap-2">
              {(["md", "pdf"] as const).map((format) => (
                <a key={format} href={`/api/research/${view.id}/export?format=${format}`} download className={buttonVariants({ variant: "outline" })}>
                  <Download className="size-4" aria-hidden />
                  {t(format === "md" ? "research.exportMarkdown" : "research.exportPdf")}
                </a>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
