// Shared by the projects tests (decision 0038-projects): a signed-in account (its app records the document-reads it
// sends, so the test runs the reader), making projects, uploading files to them, moving chats, and reading rows.
import type { ProjectScreen, ProjectSummary } from "../../app/lib/projects";
import { accountSchema, inAccountDb } from "./account-helpers";
import type { Client } from "./auth-helpers";
import { FAST_MODEL, turnResult } from "./chat-helpers";
import { documentsAccount, PDF, readAll } from "./documents-helpers";

export type ProjectsAccount = Awaited<ReturnType<typeof documentsAccount>>;
type Answer<T = object> = {
  status: number;
  json: { ok: boolean; error?: { code: string; message: string; fieldErrors?: Record<string, string> } } & Partial<T>;
};

async function post<T = object>(client: Client, path: string, fields: Record<string, string>): Promise<Answer<T>> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await client.fetch(path, { method: "POST", body });
  return { status: response.status, json: (await response.json()) as Answer<T>["json"] };
}

export const createProject = (client: Client, fields: Record<string, string>) => post<{ project: ProjectSummary }>(client, "/api/projects", fields);

/** Makes a project and answers its id (throws when refused). */
export async function newProject(client: Client, name = "Thesis", fields: Record<string, string> = {}): Promise<string> {
  const made = await createProject(client, { name, ...fields });
  if (made.status !== 201) throw new Error(`project refused: ${JSON.stringify(made)}`);
  return made.json.project!.id;
}

export const projectAction = (client: Client, projectId: string, fields: Record<string, string>) => post(client, `/api/projects/${projectId}`, fields);
export const moveChat = (client: Client, threadId: string, projectId: string) => post(client, `/api/threads/${threadId}/project`, { projectId });

/** What /projects/:projectId shows, read through its loader; null data when refused. */
export async function projectPage(client: Client, projectId: string) {
  const page = await client.loaderData(`/projects/${projectId}`, "routes/_main.projects.$projectId");
  return { status: page.status, screen: page.data?.screen as ProjectScreen | null | undefined, missing: page.data?.missing as string | null | undefined };
}

/** Uploads a file on the project's page (POST /api/uploads with projectId). */
export async function uploadToProject(client: Client, projectId: string, bytes: Uint8Array, name: string, type = PDF) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  form.set("projectId", projectId);
  const response = await client.fetch("/api/uploads", { method: "POST", body: form });
  return { status: response.status, json: (await response.json()) as { ok: boolean; id?: string; error?: { code: string; message: string } } };
}

/** Uploads and reads a file of the project; answers its document id. */
export async function addReadFile(account: ProjectsAccount, projectId: string, bytes: Uint8Array, name: string) {
  const uploaded = await uploadToProject(account.client, projectId, bytes, name);
  if (uploaded.status !== 201 || !uploaded.json.id) throw new Error(`upload refused: ${JSON.stringify(uploaded)}`);
  await readAll(account, uploaded.json.id);
  return uploaded.json.id;
}

export async function projectRows(accountId: string) {
  const { projects, projectChats, projectFiles } = accountSchema;
  return inAccountDb(accountId, (db) => ({
    projects: db.select().from(projects).all(),
    chats: db.select().from(projectChats).all(),
    files: db.select().from(projectFiles).all(),
  }));
}

/** The history panel's threads (GET /api/threads), by id. */
export async function historyIds(client: Client): Promise<string[]> {
  const answer = (await (await client.get("/api/threads")).json()) as { threads: { id: string }[] };
  return answer.threads.map((thread) => thread.id);
}

export async function searchIds(client: Client, q: string): Promise<string[]> {
  const answer = (await (await client.get(`/api/threads?q=${encodeURIComponent(q)}`)).json()) as { threads: { id: string }[] };
  return answer.threads.map((thread) => thread.id);
}

export { documentsAccount, inAccountDb, accountSchema };

/** Asks the first question of a new chat in a project (or continues `threadId`), read to its end. */
export async function askInProject(client: Client, message: string, options: { projectId?: string; threadId?: string }) {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, mode: "send", message, ...options }),
  });
  return turnResult(response);
}
