// A project's images on its page (docs/decisions/0038-projects.md): thumbnails served to their owner only
// (/media/uploads/:id), each removable (its file is deleted with it).
import { useTranslation } from "react-i18next";
import type { ProjectImage } from "~/lib/projects";
import { RemoveProjectFile } from "./remove-project-file";

export function ProjectImages({ projectId, images }: { projectId: string; images: ProjectImage[] }) {
  const { t } = useTranslation("projects");
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
            <RemoveProjectFile projectId={projectId} fileId={image.id} label={t("removeImage", { name: image.name })} />
          </div>
        </li>
      ))}
    </ul>
  );
}
