import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ThreadProject } from "~/lib/projects";
import { ProjectMark } from "./project-mark";

/** Above a project's chat: which project it is in (a link to its page), or that a new chat starts in it. */
export function ProjectBanner({ project, newChat }: { project: ThreadProject; newChat: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <p className="flex items-center gap-2 border-b px-4 py-1.5 text-sm text-muted-foreground">
      <ProjectMark emoji={project.emoji} />
      <Link to={`/projects/${project.id}`} className="truncate hover:underline">
        {newChat ? t("projects.newChatIn", { name: project.name }) : t("projects.inProject", { name: project.name })}
      </Link>
    </p>
  );
}
