// One schedule on /schedules: its name, its rule in words, the next run in its own zone, the last run's result, a
// link to its thread, its run history, and Pause/Resume, Edit, Run now and Delete.
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { ScheduleRunView, ScheduleView } from "~/lib/schedules";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { ScheduleForm } from "./schedule-form";
import { ruleInWords, type T } from "./rule-words";

function runWords(t: T, run: ScheduleRunView): string {
  const status = t(`status.${run.status}`);
  return run.note ? `${status} · ${t(`notes.${run.note}`, { defaultValue: run.note })}` : status;
}

export function ScheduleRow({ schedule }: { schedule: ScheduleView }) {
  const { t, i18n } = useTranslation("schedules");
  const action = useApiAction<{ run?: ScheduleRunView }>();
  const toastFailure = useActionFailureToast();
  const [editing, setEditing] = useState(false);
  const [running, setRunning] = useState(false);
  const when = (at: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: schedule.timeZone }).format(at);
  const post = (intent: string) => {
    if (intent === "delete" && !window.confirm(t("deleteConfirm", { name: schedule.name }))) return;
    if (intent === "run") setRunning(true);
    // A form, as the route reads one (a plain object would be sent as JSON and refused).
    const body = new FormData();
    body.set("intent", intent);
    void action.submit(`/api/schedules/${schedule.id}`, body).then((result) => {
      setRunning(false);
      if (!result.ok) return toastFailure(result);
      if (intent === "delete") notify("success", t("deleted"));
    });
  };
  const last = schedule.runs[0];
  if (editing) return <ScheduleForm editing={schedule} onDone={() => setEditing(false)} />;
  return (
    <li className="flex flex-col gap-2 px-4 py-3" aria-label={schedule.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">{schedule.name}</h3>
        <span className="text-sm text-muted-foreground">
          {ruleInWords(t, i18n.language, schedule.rule)} · {schedule.timeZone}
        </span>
      </div>
      <p className="text-sm">
        {schedule.paused ? t("paused") : schedule.nextRunAt !== null ? t("next", { when: when(schedule.nextRunAt) }) : t("noNext")}
        {" · "}
        <span data-testid="schedule-last">{last ? t("last", { result: runWords(t, last) }) : t("never")}</span>
      </p>
      {schedule.threadId && (
        <Link to={`/web-main/${schedule.threadId}`} className="text-sm text-primary underline">
          {t("thread")}
        </Link>
      )}
      {schedule.runs.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t("history", { count: schedule.runs.length })}</summary>
          <ul className="mt-1 flex flex-col gap-0.5">
            {schedule.runs.map((run) => (
              <li key={`${run.at}-${run.messageId ?? run.status}`}>
                {when(run.at)} · {runWords(t, run)}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => post(schedule.paused ? "resume" : "pause")} disabled={action.state !== "idle"}>
          {schedule.paused ? t("resume") : t("pause")}
        </Button>
        <Button type="button" onClick={() => setEditing(true)}>
          {t("edit")}
        </Button>
        <Button type="button" onClick={() => post("run")} disabled={action.state !== "idle"}>
          {running ? t("running") : t("runNow")}
        </Button>
        <Button type="button" variant="danger" onClick={() => post("delete")} disabled={action.state !== "idle"}>
          {t("delete")}
        </Button>
      </div>
    </li>
  );
}
