import { useTranslation } from "react-i18next";
import type { PlaceOption } from "~/.server/horoscope/places";
import { Field, fieldClass, InputField } from "../ui/field";
import { PlaceCombobox } from "./place-combobox";
import type { FieldsProps } from "./horoscope-fields";

/** The birth chart's fields: the birth place (from the offline city list), the birth date and, if known, the time. */
export function BirthDataFields({
  values,
  errors,
  onChange,
  place,
  onPlaceChange,
}: FieldsProps & { place: PlaceOption | null; onPlaceChange: (place: PlaceOption | null) => void }) {
  const { t } = useTranslation("horoscope");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={t("form.place")} error={errors.placeId} hint={t("form.placeHint")}>
          {(wiring) => (
            <PlaceCombobox
              id={wiring.id}
              value={place}
              onChange={(chosen) => {
                onPlaceChange(chosen);
                onChange("placeId", chosen?.id ?? "");
              }}
              invalid={Boolean(errors.placeId)}
              describedBy={wiring["aria-describedby"]}
              className={fieldClass}
            />
          )}
        </Field>
      </div>
      <InputField
        label={t("form.birthDate")}
        error={errors.birthDate}
        name="birthDate"
        type="date"
        min="1900-01-01"
        max={new Date().toISOString().slice(0, 10)}
        value={values.birthDate ?? ""}
        onValueChange={(value) => onChange("birthDate", value)}
        aria-required
      />
      <InputField
        label={t("form.birthTime")}
        error={errors.birthTime}
        hint={t("form.birthTimeHint")}
        name="birthTime"
        type="time"
        value={values.birthTime ?? ""}
        onValueChange={(value) => onChange("birthTime", value)}
      />
    </div>
  );
}
