// The schedule form (docs/decisions/0045-schedules.md): new on /schedules, and the same fields to edit a row.
// Field errors come back from the server in the person's language, checked by the schema the page shares.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field, fieldClass, Options } from "~/components/ui/field";
import { ZODIAC_SIGNS } from "~/lib/horoscope-options";
import {
  SCHEDULE_DELIVERIES,
  SCHEDULE_NAME_MAX,
  SCHEDULE_PROMPT_MAX,
  SCHEDULE_READINGS,
  SCHEDULE_REPEATS,
  SCHEDULE_TOOLS,
  type ScheduleRepeat,
  type ScheduleTool,
  type ScheduleView,
} from "~/lib/schedules";
import { needsSign } from "~/lib/schemas/schedules";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";

/** What a new schedule's form starts with (a proposal from a chat, the horoscope page's button, a search's "Follow"). */
export interface ScheduleDraft {
  prompt?: string;
  name?: string;
  tool?: ScheduleTool;
  reading?: string;
  sign?: string;
  repeat?: ScheduleRepeat;
  time?: string;
  days?: number[];
  dayOfMonth?: number;
}

/** The browser's own zone (Intl), the form's default. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const WEEK = [1, 2, 3, 4, 5, 6, 0];

export function ScheduleForm({ editing, draft, disabled, onDone }: { editing?: ScheduleView; draft?: ScheduleDraft; disabled?: boolean; onDone?: () => void }) {
  const { t, i18n } = useTranslation(["schedules", "horoscope"]);
  const action = useApiAction();
  const toastFailure = useActionFailureToast();
  const rule = editing?.rule;
  const [tool, setTool] = useState<ScheduleTool>(editing?.tool ?? draft?.tool ?? "chat");
  const [reading, setReading] = useState<string>(editing?.reading ?? draft?.reading ?? "daily");
  const [repeat, setRepeat] = useState<ScheduleRepeat>(rule?.kind ?? draft?.repeat ?? "daily");
  const errors = action.data && !action.data.ok ? (action.data.error.fieldErrors ?? {}) : {};
  const weekday = (day: number) => new Intl.DateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }).format(Date.UTC(2024, 0, 7 + day));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    if (editing) body.set("intent", "update");
    void action.submit(editing ? `/api/schedules/${editing.id}` : "/api/schedules", body).then((result) => {
      if (!result.ok) return toastFailure(result);
      notify("success", t(editing ? "saved" : "created"));
      if (!editing) form.reset();
      onDone?.();
    });
  };
  return (
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border p-4" aria-label={editing ? editing.name : t("new")}>
      <Field label={t("prompt")} error={errors.prompt}>
        {(wiring) => (
          <textarea
            {...wiring}
            name="prompt"
            rows={3}
            maxLength={SCHEDULE_PROMPT_MAX * 2}
            defaultValue={editing?.prompt ?? draft?.prompt}
            placeholder={t("promptPlaceholder")}
            className={fieldClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Field label={t("name")} error={errors.name} className="flex min-w-48 flex-1 flex-col gap-1.5">
          {(wiring) => <input {...wiring} name="name" maxLength={SCHEDULE_NAME_MAX * 2} defaultValue={editing?.name ?? draft?.name} className={fieldClass} />}
        </Field>
        <Field label={t("tool")} error={errors.tool} className="flex w-44 flex-col gap-1.5">
          {(wiring) => (
            <select {...wiring} name="tool" value={tool} onChange={(event) => setTool(event.target.value as ScheduleTool)} className={fieldClass}>
              <Options values={SCHEDULE_TOOLS} label={(value) => t(`tools.${value}`)} />
            </select>
          )}
        </Field>
        {tool === "horoscope" && (
          <Field label={t("reading")} error={errors.reading} className="flex w-52 flex-col gap-1.5">
            {(wiring) => (
              <select {...wiring} name="reading" value={reading} onChange={(event) => setReading(event.target.value)} className={fieldClass}>
                <Options values={SCHEDULE_READINGS} label={(value) => t(`readings.${value}`)} />
              </select>
            )}
          </Field>
        )}
        {tool === "horoscope" && needsSign(reading) && (
          <Field label={t("sign")} error={errors.sign} className="flex w-40 flex-col gap-1.5">
            {(wiring) => (
              <select {...wiring} name="sign" defaultValue={editing?.sign ?? draft?.sign ?? ""} className={fieldClass}>
                <option value="" />
                <Options values={ZODIAC_SIGNS} label={(sign) => t(`horoscope:signs.${sign}`)} />
              </select>
            )}
          </Field>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Field label={t("repeat")} error={errors.repeat} className="flex w-48 flex-col gap-1.5">
          {(wiring) => (
            <select {...wiring} name="repeat" value={repeat} onChange={(event) => setRepeat(event.target.value as ScheduleRepeat)} className={fieldClass}>
              <Options values={SCHEDULE_REPEATS} label={(value) => t(`repeats.${value}`)} />
            </select>
          )}
        </Field>
        <Field label={t("time")} error={errors.time} className="flex w-32 flex-col gap-1.5">
          {(wiring) => <input {...wiring} type="time" name="time" defaultValue={rule?.time ?? draft?.time ?? "08:00"} className={fieldClass} />}
        </Field>
        {repeat === "once" && (
          <Field label={t("date")} error={errors.date} className="flex w-44 flex-col gap-1.5">
            {(wiring) => <input {...wiring} type="date" name="date" defaultValue={rule?.kind === "once" ? rule.date : undefined} className={fieldClass} />}
          </Field>
        )}
        {repeat === "monthly" && (
          <Field label={t("dayOfMonth")} error={errors.dayOfMonth} className="flex w-36 flex-col gap-1.5">
            {(wiring) => (
              <input
                {...wiring}
                type="number"
                min={1}
                max={31}
                name="dayOfMonth"
                defaultValue={rule?.kind === "monthly" ? rule.day : (draft?.dayOfMonth ?? 1)}
                className={fieldClass}
              />
            )}
          </Field>
        )}
        <Field label={t("timeZone")} error={errors.timeZone} className="flex w-56 flex-col gap-1.5">
          {(wiring) => <input {...wiring} name="timeZone" defaultValue={editing?.timeZone ?? browserTimeZone()} className={fieldClass} />}
        </Field>
        <Field label={t("delivery")} error={errors.delivery} className="flex w-48 flex-col gap-1.5">
          {(wiring) => (
            <select {...wiring} name="delivery" defaultValue={editing?.delivery ?? "push"} className={fieldClass}>
              <Options values={SCHEDULE_DELIVERIES} label={(value) => t(`deliveries.${value}`)} />
            </select>
          )}
        </Field>
      </div>
      {repeat === "weekdays" && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium">{t("days")}</legend>
          <div className="flex flex-wrap gap-3">
            {WEEK.map((day) => (
              <label key={day} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  name="days"
                  value={day}
                  defaultChecked={(rule?.kind === "weekdays" ? rule.days : (draft?.days ?? [1, 2, 3, 4, 5])).includes(day)}
                />
                {weekday(day)}
              </label>
            ))}
          </div>
          {errors.days && <p className="text-sm text-danger">{errors.days}</p>}
        </fieldset>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="md" disabled={disabled || action.state !== "idle"}>
          {editing ? t("save") : t("create")}
        </Button>
        {editing && (
          <Button type="button" variant="ghost" size="md" onClick={onDone}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
