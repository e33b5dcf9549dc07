// Each horoscope type's form: labelled fields, checked with the same zod schema the server uses.
import { Sparkles } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrorsFrom } from "~/lib/schemas/field-errors";
import { CAREER_FOCUSES, horoscopeInputSchema, INTENTION_MAX, QUESTION_MAX, ZODIAC_SIGNS } from "~/lib/schemas/horoscope";
import type { HoroscopeType } from "~/lib/tools";
import { ChoiceGroup } from "../images/choice-group";

export const fieldClass =
  "w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-danger";

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const { t } = useTranslation("horoscope");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** Minutes east of UTC of this browser's zone on a local date and time (daylight saving of that date included). */
function utcOffsetOn(date: string, time: string | undefined): string {
  const local = new Date(`${date}T${time || "12:00"}:00`);
  return Number.isNaN(local.getTime()) ? "0" : String(-local.getTimezoneOffset());
}

export function HoroscopeForm({
  type,
  busy,
  onSubmit,
  footer,
}: {
  type: HoroscopeType;
  busy: boolean;
  onSubmit: (input: Record<string, string>, display: string) => void;
  /** The model picker, notes and credits line, above the submit button. */
  footer: ReactNode;
}) {
  const { t } = useTranslation("horoscope");
  const { t: tt } = useTranslation("tools");
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({ focus: "career" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const describedBy = (name: string, hint = false) =>
    [errors[name] ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null].filter(Boolean).join(" ") || undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: Record<string, string> = { ...values, type };
    if (type === "birth-chart" && input.birthDate) input.utcOffset = utcOffsetOn(input.birthDate, input.birthTime);
    const checked = horoscopeInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrorsFrom(checked.error, "type"));
      return;
    }
    setErrors({});
    const sign = "sign" in checked.data ? ` · ${t(`signs.${checked.data.sign}`)}` : "";
    onSubmit(input, `${tt(`horoscope.types.${type}.title`)}${sign}`);
  };

  const signSelect = (name: "sign" | "partnerSign") => (
    <Field id={`${id}-${name}`} label={t(`form.${name}`)} error={errors[name]}>
      <select
        id={`${id}-${name}`}
        name={name}
        value={values[name] ?? ""}
        onChange={(event) => set(name)(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        className={fieldClass}
      >
        <option value="">{t("form.chooseSign")}</option>
        {ZODIAC_SIGNS.map((sign) => (
          <option key={sign} value={sign}>
            {t(`signs.${sign}`)}
          </option>
        ))}
      </select>
    </Field>
  );

  const textArea = (name: "question", placeholder: string) => (
    <Field id={`${id}-${name}`} label={t("form.question")} error={errors[name]}>
      <textarea
        id={`${id}-${name}`}
        name={name}
        rows={3}
        maxLength={QUESTION_MAX}
        value={values[name] ?? ""}
        onChange={(event) => set(name)(event.target.value)}
        placeholder={placeholder}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        className={`${fieldClass} resize-y`}
      />
    </Field>
  );

  let fields: ReactNode;
  switch (type) {
    case "daily":
      fields = signSelect("sign");
      break;
    case "tarot":
      fields = textArea("question", t("form.questionPlaceholder"));
      break;
    case "coffee":
      fields = textArea("question", t("form.coffeeQuestionPlaceholder"));
      break;
    case "birth-chart":
      fields = (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-birthDate`} label={t("form.birthDate")} error={errors.birthDate}>
            <input
              id={`${id}-birthDate`}
              name="birthDate"
              type="date"
              min="1900-01-01"
              value={values.birthDate ?? ""}
              onChange={(event) => set("birthDate")(event.target.value)}
              aria-invalid={errors.birthDate ? true : undefined}
              aria-describedby={describedBy("birthDate")}
              aria-required
              className={fieldClass}
            />
          </Field>
          <Field id={`${id}-birthTime`} label={t("form.birthTime")} error={errors.birthTime} hint={t("form.birthTimeHint")}>
            <input
              id={`${id}-birthTime`}
              name="birthTime"
              type="time"
              value={values.birthTime ?? ""}
              onChange={(event) => set("birthTime")(event.target.value)}
              aria-invalid={errors.birthTime ? true : undefined}
              aria-describedby={describedBy("birthTime", true)}
              className={fieldClass}
            />
          </Field>
        </div>
      );
      break;
    case "love-compatibility":
      fields = (
        <div className="grid gap-4 sm:grid-cols-2">
          {signSelect("sign")}
          {signSelect("partnerSign")}
        </div>
      );
      break;
    case "moon-tracking":
    case "retro-tracking":
      fields = <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{t("form.noInput")}</p>;
      break;
    case "ritual-meditation":
      fields = (
        <Field id={`${id}-intention`} label={t("form.intention")} error={errors.intention}>
          <input
            id={`${id}-intention`}
            name="intention"
            maxLength={INTENTION_MAX}
            value={values.intention ?? ""}
            onChange={(event) => set("intention")(event.target.value)}
            placeholder={t("form.intentionPlaceholder")}
            aria-invalid={errors.intention ? true : undefined}
            aria-describedby={describedBy("intention")}
            aria-required
            className={fieldClass}
          />
        </Field>
      );
      break;
    case "career-financial":
      fields = (
        <>
          {signSelect("sign")}
          <ChoiceGroup
            label={t("form.focus")}
            name="focus"
            value={(values.focus ?? "career") as (typeof CAREER_FOCUSES)[number]}
            onChange={set("focus")}
            options={CAREER_FOCUSES.map((focus) => ({ value: focus, label: t(`focuses.${focus}`) }))}
          />
        </>
      );
      break;
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={tt(`horoscope.types.${type}.title`)}>
      <h2 className="text-sm font-medium text-muted-foreground">{t("form.heading")}</h2>
      {fields}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-danger">
          {errors.type ? t(errors.type) : t("form.fixErrors")}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t pt-4">
        {footer}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground disabled:opacity-50"
        >
          <Sparkles className="size-4" aria-hidden />
          {busy ? t("form.starting") : t("form.submit")}
        </button>
      </div>
    </form>
  );
}
