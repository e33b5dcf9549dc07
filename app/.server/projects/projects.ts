// Projects as their owner uses them (decision 0038-projects): make, change and delete one, move chats in and out, add
// and remove files, each one call to the account's own object (decision 0026), where another account's project or
// chat id does not exist: "not found", and nothing of the other account is read or written. A visitor has no projects.
import { accountObject, inAccount } from "../account/client";
import { deleteThread } from "../chat/threads";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { deleteR2Keys } from "../storage/r2";
import { forgetUploads } from "../images/uploads";
import { PROJECT_LIMITS, type ProjectPlan, type ProjectScreen, type ProjectSummary, type ThreadProject } from "../../lib/projects";
import type { NewProject } from "../../lib/schemas/projects";
import type { FileRoom } from "./operations";

/** Who acts on projects: an account (a visitor is asked to sign in first) and the plan its limits follow. */
export interface ProjectOwner {
  accountId: string;
  plan: ProjectPlan;
}

export const limitsOf = (plan: ProjectPlan) => PROJECT_LIMITS[plan];

export function listProjects(env: AppEnv, owner: ProjectOwner): Promise<ProjectSummary[]> {
  return inAccount(env, owner.accountId, "projects.list");
}

/** What /projects/:projectId shows, or 404 `project/not-found`. */
export async function projectScreen(env: AppEnv, owner: ProjectOwner, projectId: string): Promise<ProjectScreen> {
  const screen = await inAccount(env, owner.accountId, "projects.screen", { projectId });
  if (!screen) throw new AppError("project/not-found");
  return screen;
}

/** The project a new chat is started in (/web-main?project=), or null when the account has no such project. */
export function findProject(env: AppEnv, accountId: string, projectId: string): Promise<ThreadProject | null> {
  return inAccount(env, accountId, "projects.find", { projectId });
}

/** A new project within the plan's number of projects (`project/limit` otherwise, nothing kept). */
export async function createProject(env: AppEnv, owner: ProjectOwner, fields: NewProject): Promise<ProjectSummary> {
  const made = await inAccount(env, owner.accountId, "projects.create", { ...fields, limit: limitsOf(owner.plan).projects });
  if (!made) throw new AppError("project/limit");
  return made;
}

export async function updateProject(
  env: AppEnv,
  owner: ProjectOwner,
  projectId: string,
  change: { name?: string; emoji?: string; colour?: string; instructions?: string; keptApart?: boolean },
): Promise<void> {
  if (!(await inAccount(env, owner.accountId, "projects.update", { projectId, ...change }))) throw new AppError("project/not-found");
}

function refuseRoom(room: FileRoom): void {
  if (room === "no-project") throw new AppError("project/not-found");
  if (room === "no-document") throw new AppError("upload/missing");
  if (room === "full") throw new AppError("project/files-limit");
}

/** Asked before an upload to a project is stored: 404 for a project not the account's, 413 naming the limit when full. */
export async function checkFileRoom(env: AppEnv, owner: ProjectOwner, projectId: string): Promise<void> {
  refuseRoom(await inAccount(env, owner.accountId, "projects.fileRoom", { projectId, limit: limitsOf(owner.plan).files }));
}

/**
 * One of the account's documents joins the project (an upload on its page, or a chat's attached document "Add to
 * project"). `discardOnRefusal`: a file uploaded for the project that no longer fits is deleted again, nothing kept.
 */
export async function addProjectFile(env: AppEnv, owner: ProjectOwner, projectId: string, documentId: string, discardOnRefusal = false): Promise<void> {
  const room = await inAccount(env, owner.accountId, "projects.addFile", { projectId, documentId, limit: limitsOf(owner.plan).files });
  if (room !== "ok" && discardOnRefusal) {
    const key = await inAccount(env, owner.accountId, "documents.delete", { id: documentId });
    if (key) await deleteR2Keys(env, [key]);
  }
  refuseRoom(room);
}

/**
 * An image just uploaded on the project's page joins it (decision 0038-projects); one that no longer fits is deleted
 * again, nothing kept, and refused naming the limit.
 */
export async function addProjectImage(env: AppEnv, owner: ProjectOwner, projectId: string, uploadId: string, name: string): Promise<void> {
  const room = await inAccount(env, owner.accountId, "projects.addImage", { projectId, uploadId, name, limit: limitsOf(owner.plan).files });
  if (room !== "ok") await forgetUploads(env, owner.accountId, [uploadId]);
  refuseRoom(room);
}

/** A file leaves the project; one no chat attached is deleted with its file (404 when the project holds no such file). */
export async function removeProjectFile(env: AppEnv, owner: ProjectOwner, projectId: string, documentId: string): Promise<void> {
  const removed = await inAccount(env, owner.accountId, "projects.removeFile", { projectId, documentId });
  if (!removed.removed) throw new AppError("project/not-found");
  if (removed.r2Key) await deleteR2Keys(env, [removed.r2Key]);
}

/** Moves one of the account's chats into one of its projects, or (null) out to the history; 404 for either not the account's. */
export async function moveChat(env: AppEnv, accountId: string, threadId: string, projectId: string | null): Promise<void> {
  const moved = await inAccount(env, accountId, "projects.moveChat", { threadId, projectId });
  if (moved === "no-thread") throw new AppError("chat/not-found");
  if (moved === "no-project") throw new AppError("project/not-found");
}

/**
 * Deletes a project, after asking what becomes of its chats: `delete` deletes each with everything it holds (as
 * deleting a chat does, its public link included), first stopping an answer still being written in it so that answer
 * ends as stopped rather than writing into a chat that is gone; `keep` moves them to the history. The project's files
 * go too, but a file a chat attached stays that chat's.
 */
export async function deleteProject(env: AppEnv, accountId: string, projectId: string, chats: "delete" | "keep"): Promise<{ deletedChats: number }> {
  const found = await inAccount(env, accountId, "projects.chats", { projectId });
  if (!found) throw new AppError("project/not-found");
  let deletedChats = 0;
  if (chats === "delete") {
    const account = accountObject(env, accountId);
    for (const messageId of found.streaming) await account.stopAnswer(messageId);
    for (const threadId of found.threadIds) {
      await deleteThread(env, accountId, threadId).then(
        () => deletedChats++,
        // Deleted meanwhile (another tab): nothing left to do for it.
        (error: unknown) => {
          if (!(error instanceof AppError && error.code === "chat/not-found")) throw error;
        },
      );
    }
  }
  const deleted = await inAccount(env, accountId, "projects.delete", { projectId });
  if (!deleted) throw new AppError("project/not-found");
  await deleteR2Keys(env, [...deleted.documentKeys, ...deleted.imageKeys]);
  return { deletedChats };
}

/** The viewer as a project owner: a visitor is asked to sign in first (projects belong to accounts). */
export function projectOwner(viewer: { kind: "guest" } | { kind: "user"; accountId: string; plan: ProjectPlan }): ProjectOwner {
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  return { accountId: viewer.accountId, plan: viewer.plan };
}
