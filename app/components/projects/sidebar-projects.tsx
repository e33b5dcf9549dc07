// The sidebar's projects, above the history's chats in the same scrolling list, so they take none of the height the
// history had (docs/decisions/0038-projects.md): each opens its page, and on a desktop a chat dragged from the history
// onto one moves into it (the thread menu's "Move to project" does the same anywhere).
import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { FolderOpen } from "lucide-react";
import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectSummary } from "~/lib/projects";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { ProjectMark } from "./project-mark";

/** The drag's data type: a history item carries its thread id under it. */
export const THREAD_DRAG_TYPE = "application/x-thread-id";

/** Starts dragging a history item (only a chat's thread: a tool's thread belongs on its tool's page). */
export function dragThread(event: DragEvent, threadId: string) {
  event.dataTransfer.setData(THREAD_DRAG_TYPE, threadId);
  event.dataTransfer.effectAllowed = "move";
}

/** Moves a chat into a project (or, with "", out to the history); says so, or why not. */
export function useMoveChat() {
  const { t } = useTranslation("chat");
  const move = useApiAction();
  const toastFailure = useActionFailureToast();
  return (threadId: string, projectId: string) => {
    const body = new FormData();
    body.set("projectId", projectId);
    return move.submit(`/api/threads/${encodeURIComponent(threadId)}/project`, body).then((result) => {
      if (result.ok) notify("success", t("projects.moved"));
      else toastFailure(result);
      return result.ok;
    });
  };
}

export function SidebarProjects({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("chat");
  const projects = useRouteLoaderData<{ projects?: ProjectSummary[] }>("routes/_main")?.projects ?? [];
  const moveChat = useMoveChat();
  const [target, setTarget] = useState<string | null>(null);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(THREAD_DRAG_TYPE);
  return (
    <nav aria-label={t("projects.title")} className="mb-3 flex flex-col gap-0.5">
      <NavLink
        to="/projects"
        end
        onClick={onNavigate}
        className="flex items-center gap-2 px-3 pb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground hover:text-foreground"
      >
        <FolderOpen className="size-3.5" aria-hidden />
        {t("projects.title")}
      </NavLink>
      <ul className="flex flex-col">
        {projects.map((project) => (
          <li key={project.id}>
            <NavLink
              to={`/projects/${project.id}`}
              onClick={onNavigate}
              onDragOver={(event) => {
                if (!accepts(event)) return;
                event.preventDefault();
                setTarget(project.id);
              }}
              onDragLeave={() => setTarget(null)}
              onDrop={(event) => {
                const threadId = event.dataTransfer.getData(THREAD_DRAG_TYPE);
                setTarget(null);
                if (!threadId) return;
                event.preventDefault();
                void moveChat(threadId, project.id);
              }}
              className={({ isActive }) =>
                `flex items-center gap-2 truncate rounded-md px-3 py-1.5 text-sm ${isActive || target === project.id ? "bg-accent" : "hover:bg-muted"} ${
                  target === project.id ? "outline outline-2 outline-primary" : ""
                }`
              }
            >
              <ProjectMark emoji={project.emoji} colour={project.colour} />
              <span className="truncate">{project.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
