import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { MessageSquarePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isAppError } from "~/.server/errors";
import { requireUser } from "~/.server/http/auth";
import { errorMessage } from "~/.server/http/respond";
import { limitsOf, projectOwner, projectScreen } from "~/.server/projects/projects";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ProjectDetails, ProjectInstructions, KeptApartSwitch } from "~/components/projects/project-settings";
import { ProjectFiles } from "~/components/projects/project-files";
import { DeleteProject } from "~/components/projects/delete-project";
import { ProjectMark } from "~/components/projects/project-mark";
import { buttonVariants } from "~/components/ui/button";
import { routeStrings } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { DOCUMENT_ACCEPT } from "~/lib/documents";

export const handle = routeStrings("projects", "documents");

/** A project takes documents and JPEG or PNG images (decision 0038-projects). */
const PROJECT_ACCEPT = `${DOCUMENT_ACCEPT},image/jpeg,image/png`;
/** /projects/:projectId (decision 0038-projects): its chats, files and instructions; another account's id is 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const owner = projectOwner(viewer);
  try {
    const screen = await projectScreen(context.env, owner, params.projectId ?? "");
    return { title: screen.project.name, screen, limits: limitsOf(owner.plan), documentAccept: PROJECT_ACCEPT, missing: null };
  } catch (error) {
    // A stale or foreign link says the project is gone and leads back to the list, rather than a dead end (as a chat's does).
    if (!(isAppError(error) && error.code === "project/not-found")) throw error;
    const missing = errorMessage(request, "project/not-found");
    return { title: missing, screen: null, limits: limitsOf(owner.plan), documentAccept: PROJECT_ACCEPT, missing };
  }
}

export const meta = titleMeta;

export default function ProjectRoute() {
  const { t, i18n } = useTranslation(["projects", "chat"]);
  const { screen, limits, documentAccept, missing } = useLoaderData<typeof loader>();
  if (!screen)
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col items-start gap-3 px-4 py-10">
        <p role="status">{missing}</p>
        <Link to="/projects" className="text-sm text-primary hover:underline">
          {t("allProjects")}
        </Link>
      </div>
    );
  const { project, chats, files, images } = screen;
  const date = (epochMs: number) => new Date(epochMs).toLocaleDateString(i18n.language, { dateStyle: "medium" });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <Link to="/projects" className="text-sm text-muted-foreground hover:underline">
            {t("chat:projects.title")}
          </Link>
          <span className="text-muted-foreground" aria-hidden>
            /
          </span>
          <h1 className="flex min-w-0 items-center gap-2 truncate text-xl font-semibold">
            <ProjectMark emoji={project.emoji} colour={project.colour} />
            <span className="truncate">{project.name}</span>
          </h1>
        </div>
        <Link to={`/web-main?project=${project.id}`} className={buttonVariants({ variant: "primary", size: "md" })}>
          <MessageSquarePlus className="size-4" aria-hidden />
          {t("newChat")}
        </Link>
      </header>

      <section aria-labelledby="project-chats" className="flex flex-col gap-2">
        <h2 id="project-chats" className="text-lg font-semibold">
          {t("chats")}
        </h2>
        {chats.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noChats")}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-xl border">
            {chats.map((chat) => (
              <li key={chat.id}>
                <Link to={`/web-main/${chat.id}`} className="flex items-center gap-3 px-4 py-2.5 hover:bg-muted">
                  <span className="min-w-0 flex-1 truncate">{chat.title}</span>
                  <span className="text-xs text-muted-foreground">{date(chat.updatedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProjectFiles projectId={project.id} files={files} images={images} limit={limits.files} accept={documentAccept} />
      <ProjectInstructions projectId={project.id} instructions={project.instructions} />
      <KeptApartSwitch projectId={project.id} keptApart={project.keptApart} />
      <ProjectDetails project={project} />
      <DeleteProject project={project} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
