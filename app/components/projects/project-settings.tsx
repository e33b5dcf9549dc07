// A project's instructions, its kept-apart switch and its name and colour, on its page (docs/decisions/0038-projects.md).
// Each is its own small form posted to /api/projects/:projectId; the server's field errors show under the field.
import type { FormEvent, ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PROJECT_INSTRUCTIONS_MAX, type ProjectScreen } from "~/lib/projects";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { CheckboxRow, Field, fieldClass } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { ProjectFields } from "./project-fields";

/** One form of the page: posts its fields with `intent`, says "Saved" on success, shows field errors otherwise. */
function useProjectForm(projectId: string) {
  const { t } = useTranslation("projects");
  const action = useApiAction();
  const toastFailure = useActionFailureToast();
  const errors = action.data && !action.data.ok ? (action.data.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void action.submit(`/api/projects/${projectId}`, new FormData(event.currentTarget)).then((result) => {
      if (result.ok) notify("success", t("saved"));
      else toastFailure(result);
    });
  };
  return { errors, submit, busy: action.state !== "idle", action };
}

/** A form of the page posting `intent` to the project, with its fields and a Save button. */
function SavingForm({
  projectId,
  intent,
  form,
  children,
}: {
  projectId: string;
  intent: string;
  form: ReturnType<typeof useProjectForm>;
  children: ReactNode;
}) {
  const { t } = useTranslation("projects");
  return (
    <form method="post" action={`/api/projects/${projectId}`} onSubmit={form.submit} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <Button type="submit" variant="secondary" size="sm" disabled={form.busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ProjectInstructions({ projectId, instructions }: { projectId: string; instructions: string }) {
  const { t } = useTranslation("projects");
  const form = useProjectForm(projectId);
  return (
    <SavingForm projectId={projectId} intent="instructions" form={form}>
      <Field label={t("instructions")} hint={t("instructionsHint")} error={form.errors.instructions}>
        {(wiring) => (
          <textarea {...wiring} name="instructions" rows={5} defaultValue={instructions} maxLength={PROJECT_INSTRUCTIONS_MAX * 2} className={fieldClass} />
        )}
      </Field>
    </SavingForm>
  );
}

export function KeptApartSwitch({ projectId, keptApart }: { projectId: string; keptApart: boolean }) {
  const { t } = useTranslation("projects");
  const action = useApiAction();
  const toastFailure = useActionFailureToast();
  // Shown as the server has it, or as asked while the change is on its way.
  const pending = action.formData?.get("keptApart");
  const checked = pending ? pending === "true" : keptApart;
  const change = (next: boolean) => {
    const body = new FormData();
    body.set("intent", "kept-apart");
    body.set("keptApart", String(next));
    void action.submit(`/api/projects/${projectId}`, body).then((result) => !result.ok && toastFailure(result));
  };
  return <CheckboxRow asSwitch label={t("keptApart")} hint={t("keptApartHint")} checked={checked} onChange={change} />;
}

export function ProjectDetails({ project }: { project: ProjectScreen["project"] }) {
  const { t } = useTranslation("projects");
  const form = useProjectForm(project.id);
  return (
    <Section title={t("details")}>
      <SavingForm projectId={project.id} intent="update" form={form}>
        <ProjectFields errors={form.errors} defaults={project} />
      </SavingForm>
    </Section>
  );
}
