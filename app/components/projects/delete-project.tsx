// "Delete project" asks what becomes of its chats: deleted with it, or moved to the history (docs/decisions/0038-projects.md).
import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectScreen } from "~/lib/projects";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { CenteredDialog } from "../ui/centered-dialog";
import { Button } from "~/components/ui/button";

export function DeleteProject({ project }: { project: ProjectScreen["project"] }) {
  const { t } = useTranslation("projects");
  const [open, setOpen] = useState(false);
  // The layout's history is read again once /projects is shown (a navigation does not re-read it: routes/_main.tsx).
  const remove = useApiAction({ refresh: false });
  const toastFailure = useActionFailureToast();
  const navigate = useNavigate();
  const errors = remove.data && !remove.data.ok ? (remove.data.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void remove.submit(`/api/projects/${project.id}`, new FormData(event.currentTarget)).then((result) => {
      if (!result.ok) return toastFailure(result);
      setOpen(false);
      notify("success", t("deleted"));
      navigate("/projects", { state: { changed: true } });
    });
  };
  return (
    <div className="border-t pt-6">
      <Button type="button" variant="danger-outline" size="sm" onClick={() => setOpen(true)}>
        {t("delete")}
      </Button>
      <CenteredDialog open={open} onOpenChange={setOpen}>
        <Dialog.Title className="text-lg font-semibold">{t("deleteTitle", { name: project.name })}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t("deleteBody")}</Dialog.Description>
        <form method="post" action={`/api/projects/${project.id}`} onSubmit={submit} className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.chats ? "delete-project-error" : undefined}>
            <legend className="sr-only">{t("deleteBody")}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="chats" value="keep" defaultChecked />
              {t("keepChats")}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="chats" value="delete" />
              {t("deleteChats")}
            </label>
          </fieldset>
          {errors.chats && (
            <p id="delete-project-error" className="text-sm text-danger">
              {errors.chats}
            </p>
          )}
          <div className="mt-2 flex justify-end gap-2">
            <Dialog.Close className="rounded-md border px-3 py-1.5 text-sm hover:bg-muted">{t("cancel")}</Dialog.Close>
            <Button type="submit" variant="danger" size="sm" disabled={remove.state !== "idle"}>
              {t("delete")}
            </Button>
          </div>
        </form>
      </CenteredDialog>
    </div>
  );
}
