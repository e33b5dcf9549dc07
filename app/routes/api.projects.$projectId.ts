import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { addProjectFile, deleteProject, projectOwner, removeProjectFile, updateProject } from "~/.server/projects/projects";
import { projectActionSchema } from "~/lib/schemas/projects";

/**
 * POST a change to one of the account's projects (decision 0038-projects): intent `update` (name, emoji, colour),
 * `instructions`, `kept-apart`, `add-file` / `remove-file` (documentId: a document, or for removal an image too), or `delete` (chats: delete | keep).
 * `{ ok: true }`; another account's project is 404; a field refused keeps nothing.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const owner = projectOwner(await getViewer(request, context));
  if (!params.projectId) throw new AppError("project/not-found");
  const parsed = projectActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("projects") });
  const { env } = context;
  const projectId = params.projectId;
  const change = parsed.data;
  if (change.intent === "update") await updateProject(env, owner, projectId, { name: change.name, emoji: change.emoji, colour: change.colour });
  else if (change.intent === "instructions") await updateProject(env, owner, projectId, { instructions: change.instructions });
  else if (change.intent === "kept-apart") await updateProject(env, owner, projectId, { keptApart: change.keptApart });
  else if (change.intent === "add-file") await addProjectFile(env, owner, projectId, change.documentId);
  else if (change.intent === "remove-file") await removeProjectFile(env, owner, projectId, change.documentId);
  else return Response.json({ ok: true, ...(await deleteProject(env, owner.accountId, projectId, change.chats)) });
  return Response.json({ ok: true });
});
