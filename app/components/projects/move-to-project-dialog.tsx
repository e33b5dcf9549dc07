// "Move to project" (docs/decisions/0038-projects.md): the account's projects, and "No project (history)"; choosing one
// moves the chat there with its messages. Loads the first time it is opened.
import * as Dialog from "@radix-ui/react-dialog";
import { useRouteLoaderData } from "@remix-run/react";
import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ProjectSummary } from "~/lib/projects";
import { CenteredDialog } from "../ui/centered-dialog";
import { Button } from "~/components/ui/button";
import { ProjectMark } from "./project-mark";
import { useMoveChat } from "./sidebar-projects";
import type { ThreadDialogProps } from "~/components/chat/thread-dialog";

export default function MoveToProjectDialog({ open, onOpenChange, thread }: ThreadDialogProps) {
  const { t } = useTranslation(["projects", "chat"]);
  const projects = useRouteLoaderData<{ projects?: ProjectSummary[] }>("routes/_main")?.projects ?? [];
  const moveChat = useMoveChat();
  const choose = (projectId: string) => void moveChat(thread.id, projectId).then((moved) => moved && onOpenChange(false));
  return (
    <CenteredDialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Title className="text-lg font-semibold wrap-anywhere">{t("moveTitle", { title: thread.title })}</Dialog.Title>
      <Dialog.Description className="sr-only">{t("chat:projects.move")}</Dialog.Description>
      <ul className="mt-4 flex flex-col gap-1">
        {projects.length === 0 && <li className="text-sm text-muted-foreground">{t("noProjectsToMove")}</li>}
        {projects.map((project) => (
          <li key={project.id}>
            <Button type="button" variant="ghost" size="md" className="w-full justify-start" onClick={() => choose(project.id)}>
              <ProjectMark emoji={project.emoji} colour={project.colour} />
              {project.name}
            </Button>
          </li>
        ))}
        <li className="border-t pt-1">
          <Button type="button" variant="ghost" size="md" className="w-full justify-start" onClick={() => choose("")}>
            <History className="size-4" aria-hidden />
            {t("moveOut")}
          </Button>
        </li>
      </ul>
    </CenteredDialog>
  );
}
