// The fields each horoscope type asks for; the form (horoscope-form.tsx) holds their values and checks them.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlaceOption } from "~/.server/horoscope/places";
import { CAREER_FOCUSES, INTENTION_MAX, QUESTION_MAX, ZODIAC_SIGNS } from "~/lib/horoscope-options";
import type { HoroscopeType } from "~/lib/tools";
import { ChoiceGroup } from "../images/choice-group";
import { UploadField, type UploadedPhoto } from "../images/upload-field";
import { Field, fieldClass, InputField, Options } from "../ui/field";
import { BirthDataFields } from "./birth-data-fields";

/** What every group of fields gets: the form's values, its errors (texts to show) and a setter. */
export interface FieldsProps {
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

function SignSelect({ name, values, errors, onChange }: FieldsProps & { name: "sign" | "partnerSign" }) {
  const { t } = useTranslation("horoscope");
  return (
    <Field label={t(`form.${name}`)} error={errors[name]}>
      {(wiring) => (
        <select {...wiring} name={name} value={values[name] ?? ""} onChange={(event) => onChange(name, event.target.value)} className={fieldClass}>
          <option value="">{t("form.chooseSign")}</option>
          <Options values={ZODIAC_SIGNS} label={(sign) => t(`signs.${sign}`)} />
        </select>
      )}
    </Field>
  );
}

/** Tarot's and coffee reading's question; only the placeholder differs. */
function QuestionField({ values, errors, onChange, placeholder }: FieldsProps & { placeholder: string }) {
  const { t } = useTranslation("horoscope");
  return (
    <Field label={t("form.question")} error={errors.question}>
      {(wiring) => (
        <textarea
          {...wiring}
          name="question"
          rows={3}
          maxLength={QUESTION_MAX}
          value={values.question ?? ""}
          onChange={(event) => onChange("question", event.target.value)}
          placeholder={placeholder}
          className={`${fieldClass} resize-y`}
        />
      )}
    </Field>
  );
}

/** The coffee reading reads a photo of the cup (uploaded at once, like the image tools' photos) and an optional question. */
function CoffeeFields(props: FieldsProps) {
  const { t } = useTranslation("horoscope");
  const [photo, setPhoto] = useState<UploadedPhoto | null>(null);
  return (
    <>
      {/* Visitors may upload too: POST /api/uploads caps them per address and day (decision 0013). */}
      <UploadField
        label={t("form.cupPhoto")}
        value={photo}
        signedIn
        error={props.errors.photoId}
        onChange={(next) => {
          setPhoto(next);
          props.onChange("photoId", next?.id ?? "");
        }}
      />
      <QuestionField {...props} placeholder={t("form.coffeeQuestionPlaceholder")} />
    </>
  );
}

function IntentionField({ values, errors, onChange }: FieldsProps) {
  const { t } = useTranslation("horoscope");
  return (
    <InputField
      label={t("form.intention")}
      error={errors.intention}
      name="intention"
      maxLength={INTENTION_MAX}
      value={values.intention ?? ""}
      onValueChange={(value) => onChange("intention", value)}
      placeholder={t("form.intentionPlaceholder")}
      aria-required
    />
  );
}

function CareerFields(props: FieldsProps) {
  const { t } = useTranslation("horoscope");
  return (
    <>
      <SignSelect name="sign" {...props} />
      <ChoiceGroup
        label={t("form.focus")}
        name="focus"
        value={(props.values.focus ?? "career") as (typeof CAREER_FOCUSES)[number]}
        onChange={(value) => props.onChange("focus", value)}
        options={CAREER_FOCUSES.map((focus) => ({ value: focus, label: t(`focuses.${focus}`) }))}
      />
    </>
  );
}

/** The fields of one horoscope type. */
export function HoroscopeFields({
  type,
  place,
  onPlaceChange,
  ...fields
}: FieldsProps & { type: HoroscopeType; place: PlaceOption | null; onPlaceChange: (place: PlaceOption | null) => void }) {
  const { t } = useTranslation("horoscope");
  switch (type) {
    case "daily":
      return <SignSelect name="sign" {...fields} />;
    case "tarot":
      return <QuestionField {...fields} placeholder={t("form.questionPlaceholder")} />;
    case "coffee":
      return <CoffeeFields {...fields} />;
    case "birth-chart":
      return <BirthDataFields {...fields} place={place} onPlaceChange={onPlaceChange} />;
    case "love-compatibility":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SignSelect name="sign" {...fields} />
          <SignSelect name="partnerSign" {...fields} />
        </div>
      );
    case "moon-tracking":
    case "retro-tracking":
      return <p className="rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">{t("form.noInput")}</p>;
    case "ritual-meditation":
      return <IntentionField {...fields} />;
    case "career-financial":
      return <CareerFields {...fields} />;
  }
}
