import { FolderPlus } from "lucide-react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { Button } from "~/components/ui/button";
import { InProjectThread } from "./project-thread";

/** Under a document or photo attached in a project's chat: adds it to the project, so every chat of the project uses it. */
export function AddToProject({ documentId }: { documentId: string }) {
  const { t } = useTranslation("chat");
  const project = useContext(InProjectThread);
  const add = useApiAction();
  const toastFailure = useActionFailureToast();
  if (!project || project.fileIds?.includes(documentId)) return null;
  return (
    <Button
      type="button"
      variant="link"
      className="text-xs"
      disabled={add.state !== "idle"}
      onClick={() => {
        const body = new FormData();
        body.set("intent", "add-file");
        body.set("documentId", documentId);
        void add.submit(`/api/projects/${project.id}`, body).then((result) => {
          if (result.ok) notify("success", t("projects.addedToProject"));
          else toastFailure(result);
        });
      }}
    >
      <FolderPlus className="size-3.5" aria-hidden />
      {t("projects.addToProject")}
    </Button>
  );
}
