// A project's images on its page (docs/decisions/0038-projects.md): thumbnails served to their owner only
// (/media/uploads/:id), each removable (its file is deleted with it).
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ProjectImage } from "~/lib/projects";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { useApiAction } from "~/lib/use-api-action";
import { Button } from "~/components/ui/button";

export function ProjectImages({ projectId, images }: { projectId: string; images: ProjectImage[] }) {
  const { t } = useTranslation(["projects", "errors"]);
  const errorText = useErrorText();
  const remove = useApiAction();
  if (images.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {images.map((image) => (
        <li key={image.id} className="relative overflow-hidden rounded-xl border">
          <img
            src={`/media/uploads/${image.id}`}
            alt={t("imageAlt", { name: image.name })}
            width={image.width}
            height={image.height}
            loading="lazy"
            className="aspect-square w-full object-cover"
          />
          <div className="flex items-center gap-1 px-2 py-1">
            <span className="min-w-0 flex-1 truncate text-xs">{image.name}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("removeImage", { name: image.name })}
              disabled={remove.state !== "idle"}
              onClick={() => {
                const body = new FormData();
                body.set("intent", "remove-file");
                body.set("documentId", image.id);
                void remove.submit(`/api/projects/${projectId}`, body).then((result) => {
                  if (!result.ok) notify("error", result.error.message || errorText(result.error.code));
                });
              }}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
