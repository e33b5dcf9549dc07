// The trash button of a project's file or image (docs/decisions/0038-projects.md): removing it deletes its stored file,
// and old citations of it say "file removed". A refusal is shown as the server worded it.
import { Trash2 } from "lucide-react";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { useApiAction } from "~/lib/use-api-action";
import { Button } from "~/components/ui/button";

export function RemoveProjectFile({ projectId, fileId, label }: { projectId: string; fileId: string; label: string }) {
  const errorText = useErrorText();
  const remove = useApiAction();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      disabled={remove.state !== "idle"}
      onClick={() => {
        const body = new FormData();
        body.set("intent", "remove-file");
        body.set("documentId", fileId);
        void remove.submit(`/api/projects/${projectId}`, body).then((result) => {
          if (!result.ok) notify("error", result.error.message || errorText(result.error.code));
        });
      }}
    >
      <Trash2 className="size-4" aria-hidden />
    </Button>
  );
}
