// Polls the jobs being watched until each finishes, then says so with a toast wherever the person is, refreshes
// the credits (a failed job was refunded) and hands the news to any page showing that job.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { callApi } from "~/lib/api-client";
import { publishJobUpdate, unwatchJob, watchedJobs } from "~/lib/job-watch";
import { isFinished, type JobView } from "~/lib/jobs";
import { notify } from "~/lib/toast";
import { refreshCredits } from "../chat/use-credits";

export const POLL_INTERVAL_MS = 1500;

export default function JobWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const announce = (job: JobView) => {
      if (job.status === "failed") {
        notify("error", t("jobs.failed"));
        return;
      }
      const target = job.image && job.tool !== "photo-translate" ? `/gallery?image=${encodeURIComponent(job.image.id)}` : `/${job.tool}`;
      notify("success", t(`jobs.done.${job.tool}`), { action: { label: t("jobs.view"), onClick: () => navigate(target) } });
    };

    const poll = async () => {
      const ids = watchedJobs().map((job) => job.id);
      if (ids.length === 0) return;
      const answer = await callApi<{ jobs: JobView[] }>(`/api/jobs?ids=${ids.map(encodeURIComponent).join(",")}`);
      if (answer.status === 401) {
        // Signed out meanwhile: these jobs are not this browser's to watch any more.
        for (const id of ids) unwatchJob(id);
        return;
      }
      // Any other failure (offline for a moment): the next round tries again.
      if (answer.ok) {
        let refunded = false;
        for (const id of ids) {
          const job = answer.data.jobs.find((candidate) => candidate.id === id);
          if (!job) {
            unwatchJob(id);
            continue;
          }
          publishJobUpdate(job);
          if (isFinished(job.status)) {
            unwatchJob(id);
            announce(job);
            refunded ||= job.status === "failed";
          }
        }
        if (refunded) void refreshCredits();
      }
      if (!stopped && watchedJobs().length > 0) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };

    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [navigate, t]);

  return null;
}
