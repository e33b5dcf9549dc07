// Settings › Memory's switch and custom instructions (decision 0027): "Use and save memory", and the two instruction
// fields counted as the person types (at most 1,500 characters each; the server refuses more, or markup).
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { INSTRUCTIONS_MAX } from "~/lib/memory";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Field, fieldClass } from "../ui/field";
import { Button } from "~/components/ui/button";
import { SwitchRow } from "~/components/ui/switch-row";
import { TitledSection } from "~/components/ui/titled-section";

export function MemorySwitch({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("settings");
  const bodyOf = (next: boolean) => {
    const body = new FormData();
    body.set("intent", "enabled");
    body.set("enabled", String(next));
    return body;
  };
  return (
    <SwitchRow
      id="memory-switch"
      label={t("memory.switch")}
      hint={t("memory.switchHint")}
      enabled={enabled}
      action="/api/memory"
      bodyOf={bodyOf}
      onSaved={(next) => notify("success", t(next ? "memory.switchOn" : "memory.switchOff"))}
      className="items-start rounded-lg border p-4"
      labelClassName="font-medium"
    />
  );
}

function InstructionField({ name, label, initial, error }: { name: string; label: string; initial: string; error?: string }) {
  const { t } = useTranslation("settings");
  const [value, setValue] = useState(initial);
  return (
    <Field label={label} error={error} hint={<span aria-live="polite">{t("memory.characters", { count: value.length, max: INSTRUCTIONS_MAX })}</span>}>
      {(wiring) => <textarea {...wiring} name={name} rows={4} value={value} onChange={(event) => setValue(event.target.value)} className={fieldClass} />}
    </Field>
  );
}

export function CustomInstructionsForm({ aboutYou, answerStyle }: { aboutYou: string; answerStyle: string }) {
  const { t } = useTranslation("settings");
  const save = useApiAction();
  const toastFailure = useActionFailureToast();
  const errors = save.data && !save.data.ok ? (save.data.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save.submit("/api/memory", new FormData(event.currentTarget)).then((result) => {
      if (result.ok) notify("success", t("memory.instructionsSaved"));
      else toastFailure(result);
    });
  };
  return (
    <TitledSection id="memory-instructions-title" title={t("memory.instructionsTitle")} level={3} className="flex flex-col gap-3 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{t("memory.instructionsHint")}</p>
      <form method="post" action="/api/memory" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="instructions" />
        <InstructionField name="aboutYou" label={t("memory.aboutYou")} initial={aboutYou} error={errors.aboutYou} />
        <InstructionField name="answerStyle" label={t("memory.answerStyle")} initial={answerStyle} error={errors.answerStyle} />
        <div>
          <Button type="submit" disabled={save.state !== "idle"} variant="primary" size="md">
            {t("memory.saveInstructions")}
          </Button>
        </div>
      </form>
    </TitledSection>
  );
}
