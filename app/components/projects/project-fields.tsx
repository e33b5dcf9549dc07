import { useTranslation } from "react-i18next";
import { PROJECT_COLOURS, PROJECT_NAME_MAX, type ProjectColour } from "~/lib/projects";
import { Field, fieldClass, Options } from "~/components/ui/field";

/** The name, emoji and colour of a project: the /projects form and the project page's "Name and colour" share them. */
export function ProjectFields({
  errors = {},
  defaults,
}: {
  errors?: Record<string, string>;
  defaults?: { name: string; emoji: string | null; colour: ProjectColour | null };
}) {
  const { t } = useTranslation("projects");
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Field label={t("name")} error={errors.name} className="flex min-w-48 flex-1 flex-col gap-1.5">
        {(wiring) => <input {...wiring} name="name" defaultValue={defaults?.name} maxLength={PROJECT_NAME_MAX * 2} className={fieldClass} required />}
      </Field>
      <Field label={t("emoji")} error={errors.emoji} className="flex w-24 flex-col gap-1.5">
        {(wiring) => <input {...wiring} name="emoji" defaultValue={defaults?.emoji ?? ""} maxLength={16} className={fieldClass} />}
      </Field>
      <Field label={t("colour")} error={errors.colour} className="flex w-36 flex-col gap-1.5">
        {(wiring) => (
          <select {...wiring} name="colour" defaultValue={defaults?.colour ?? ""} className={fieldClass}>
            <option value="">{t("noColour")}</option>
            <Options values={PROJECT_COLOURS} label={(colour) => t(`colours.${colour}`)} />
          </select>
        )}
      </Field>
    </div>
  );
}
