import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { createProject, listProjects, projectOwner } from "~/.server/projects/projects";
import { newProjectSchema } from "~/lib/schemas/projects";

/** GET the account's projects (the thread menu's "Move to project" lists them); a visitor has none. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") return Response.json({ ok: true, projects: [] });
  return Response.json({ ok: true, projects: await listProjects(context.env, projectOwner(viewer)) });
});

/**
 * POST a new project (name, emoji, colour, instructions; decision 0038-projects): 201 with it, a field error for an
 * empty or over-long name or instructions, 409 `project/limit` at the plan's number of projects; nothing kept when refused.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const owner = projectOwner(await getViewer(request, context));
  const parsed = newProjectSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("projects") });
  return Response.json({ ok: true, project: await createProject(context.env, owner, parsed.data) }, { status: 201 });
});
