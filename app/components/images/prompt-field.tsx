// The text an image tool is asked for (a picture's prompt, an edit's, a tattoo's description, a logo's name and slogan),
// drawn one way: the tools differ only in their words, their limit and their height.
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "./tool-form";

/**
 * `copy` names the field's words in the images namespace: `copy` is its label and `copy + "Placeholder"` its example.
 * `errors` is the form's field errors (texts to show), read by `name`. A textarea when given rows; it grows only
 * downwards.
 */
export function PromptField({
  copy,
  name,
  value,
  onChange,
  maxLength,
  rows,
  errors,
}: {
  copy: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  errors: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation("images");
  const control = {
    name,
    value,
    maxLength,
    placeholder: t(`${copy}Placeholder`),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <Field label={t(copy)} error={errors[name]}>
      {(wiring) =>
        rows ? (
          <textarea {...control} {...wiring} rows={rows} className={`${inputClass} resize-y`} />
        ) : (
          <input {...control} {...wiring} className={inputClass} />
        )
      }
    </Field>
  );
}
