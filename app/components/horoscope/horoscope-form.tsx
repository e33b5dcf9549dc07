// Each horoscope type's form: its fields (horoscope-fields.tsx), checked with the same zod schema the server uses.
import { Orbit, Sparkles } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BirthDataView } from "~/.server/horoscope/chart-view";
import type { PlaceOption } from "~/.server/horoscope/places";
import { NETWORK_FAILED } from "~/lib/api-client";
import { checkWith } from "~/lib/schemas/field-errors";
import type { HoroscopeInput } from "~/lib/schemas/horoscope";
import { lazyForm } from "~/lib/schemas/lazy";
import type { HoroscopeType } from "~/lib/tools";
import { useApiAction } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { HoroscopeFields } from "./horoscope-fields";
import { ToolSubmitButton } from "~/components/tools/tool-form-parts";
import { Button } from "~/components/ui/button";

/** The first values of a form: the saved birth data for the chart, its Sun sign for the forms that ask for a sign. */
function initialValues(type: HoroscopeType, birth: BirthDataView | null): Record<string, string> {
  const values: Record<string, string> = { focus: "career" };
  if (!birth) return values;
  if (type === "birth-chart") Object.assign(values, { birthDate: birth.birthDate, birthTime: birth.birthTime, placeId: birth.place.id });
  else values.sign = birth.sunSign;
  return values;
}

/** The forms' schema, and zod with it, arrives when a form is first used, not with the page (horoscope-options.ts). */
// A problem without a field (no type) is the form's, under "type".
const horoscopeForm = lazyForm(() => import("~/lib/schemas/horoscope").then((schemas) => checkWith(schemas.horoscopeInputSchema, "type")));

export function HoroscopeForm({
  type,
  birth,
  busy,
  onSubmit,
  footer,
}: {
  type: HoroscopeType;
  /** The saved birth data, prefilled where the form needs it. */
  birth: BirthDataView | null;
  busy: boolean;
  onSubmit: (input: Record<string, string>, display: string) => void;
  /** The model picker, notes and credits line, above the submit button. */
  footer: ReactNode;
}) {
  const { t } = useTranslation("horoscope");
  const { t: tt } = useTranslation("tools");
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(type, birth));
  const [place, setPlace] = useState<PlaceOption | null>(type === "birth-chart" ? (birth?.place ?? null) : null);
  const [failure, setFailure] = useState<string | null>(null);
  // Stores the birth data for the account (or the visitor); the page's data then brings the chart and the other
  // forms' prefill, and other tabs are told.
  const saveBirthData = useApiAction();
  const saving = saveBirthData.state === "submitting";
  const prefilled = birth !== null && (type === "birth-chart" || "sign" in initialValues(type, birth));
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const input: Record<string, string> = { ...values, type };

  /** `reading`: the form's reading; `chart`: only store the birth data and show the chart (no credit). */
  const send = async (checked: HoroscopeInput, mode: "reading" | "chart") => {
    setFailure(null);
    if (type === "birth-chart") {
      // The birth data is stored once, then drawn: the page's data brings the chart and the other forms' prefill.
      const body = new FormData();
      for (const name of ["birthDate", "birthTime", "placeId"]) body.set(name, values[name] ?? "");
      const saved = await saveBirthData.submit("/api/horoscope/birth-profile", body);
      if (!saved.ok) {
        // A place the server does not know comes back as the place field's error.
        if (saved.error.code === "horoscope/place-unknown") return { placeId: t("validation.placeUnknown") };
        setFailure(saved.error.message || t(`errors:${saved.error.code}`));
        return saved.error.fieldErrors;
      }
      if (mode === "chart") return;
    }
    const sign = "sign" in checked ? ` · ${t(`signs.${checked.sign}`)}` : "";
    onSubmit(input, `${tt(`horoscope.types.${type}.title`)}${sign}`);
  };

  // The form's code could not be fetched: offline, so nothing could be sent anyway, and the message says so.
  const offline = () => setFailure(t(`errors:${NETWORK_FAILED}`));
  const { errors, formProps, submitByCode } = useForm({
    schema: horoscopeForm,
    translate: t,
    values: input,
    send: (checked) => send(checked, "reading"),
    onOffline: offline,
  });
  const saveOnly = () =>
    void submitByCode((checked) => send(checked, "chart")).then((outcome) => {
      if (outcome.offline) offline();
    });

  return (
    <form method="post" {...formProps} className="flex flex-col gap-5" aria-label={tt(`horoscope.types.${type}.title`)}>
      <h2 className="text-sm font-medium text-muted-foreground">{t("form.heading")}</h2>
      {prefilled && <p className="text-xs text-muted-foreground">{t("form.savedData")}</p>}
      <HoroscopeFields type={type} values={values} errors={errors} onChange={set} place={place} onPlaceChange={setPlace} />
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-danger">
          {errors.type ?? t("form.fixErrors")}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t pt-4">
        {footer}
        {type === "birth-chart" && (
          <Button type="button" disabled={busy || saving} onClick={saveOnly} variant="outline" size="lg" className="font-medium">
            <Orbit className="size-4" aria-hidden />
            {saving ? t("chart.savingData") : t("chart.saveData")}
          </Button>
        )}
        <ToolSubmitButton icon={Sparkles} disabled={busy || saving}>
          {busy ? t("form.starting") : t("form.submit")}
        </ToolSubmitButton>
      </div>
    </form>
  );
}
