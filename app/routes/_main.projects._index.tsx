import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { FolderClosed } from "lucide-react";
import { useEffect, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { limitsOf, listProjects, projectOwner } from "~/.server/projects/projects";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { AccountThingsPage, EmptyNote } from "~/components/sign-in-to-use";
import { ProjectFields } from "~/components/projects/project-fields";
import { ProjectMark } from "~/components/projects/project-mark";
import { Button } from "~/components/ui/button";
import { routeStrings } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import type { ProjectSummary } from "~/lib/projects";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";

/** /projects (decision 0038-projects): the account's projects with their chats' count and last activity, and a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const title = await pageTitle(request, "chat", "projects.title");
  const viewer = await getViewer(request, context);
  // A visitor sees what projects are and is invited to sign in, not sent away.
  if (viewer.kind !== "user") return { title, visitor: true as const, projects: [] as ProjectSummary[], limits: null };
  const owner = projectOwner(viewer);
  return { title, visitor: false as const, projects: await listProjects(context.env, owner), limits: limitsOf(owner.plan) };
}

export const meta = titleMeta;

export const handle = routeStrings("projects");

function NewProjectForm({ atLimit }: { atLimit: boolean }) {
  const { t } = useTranslation(["projects", "chat"]);
  const create = useApiAction<{ project: ProjectSummary }>();
  const toastFailure = useActionFailureToast();
  const navigate = useNavigate();
  const errors = create.data && !create.data.ok ? (create.data.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void create.submit("/api/projects", new FormData(event.currentTarget)).then((result) => {
      if (result.ok) navigate(`/projects/${result.project.id}`);
      else toastFailure(result);
    });
  };
  return (
    <form method="post" action="/api/projects" onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border p-4">
      <ProjectFields errors={errors} />
      <div>
        <Button type="submit" variant="primary" size="md" disabled={atLimit || create.state !== "idle"}>
          {t("new")}
        </Button>
      </div>
    </form>
  );
}

export default function ProjectsRoute() {
  const { t, i18n } = useTranslation(["projects", "chat"]);
  const data = useLoaderData<typeof loader>();
  const date = (epochMs: number) => new Date(epochMs).toLocaleDateString(i18n.language, { dateStyle: "medium" });
  const limit = data.limits?.projects ?? 0;
  const atLimit = data.limits !== null && data.projects.length >= limit;
  // Arrived from a deleted project: the sidebar's projects and history are read again (its chats may be back there).
  const location = useLocation();
  const revalidate = useSafeRevalidate();
  const changed = (location.state as { changed?: boolean } | null)?.changed === true;
  useEffect(() => {
    if (changed) revalidate();
  }, [changed, revalidate]);
  return (
    <AccountThingsPage namespace="projects" title={t("chat:projects.title")} icon={<FolderClosed className="size-5" aria-hidden />} visitor={data.visitor}>
      {/* The limit is shown before it is reached (docs/decisions/0038-projects.md). */}
      <p role="status" className="text-sm text-muted-foreground">
        {atLimit ? t("usageReached", { limit }) : t("usage", { used: data.projects.length, limit })}
      </p>
      <NewProjectForm atLimit={atLimit} />
      {data.projects.length === 0 ? (
        <EmptyNote>{t("empty")}</EmptyNote>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border">
          {data.projects.map((project) => (
            <li key={project.id}>
              <Link to={`/projects/${project.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-muted">
                <ProjectMark emoji={project.emoji} colour={project.colour} />
                <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
                <span className="text-xs text-muted-foreground">
                  {t("chatsCount", { count: project.chats })} · {t("lastActivity", { date: date(project.lastActivity) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AccountThingsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
