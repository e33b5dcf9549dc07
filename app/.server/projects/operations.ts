// Projects inside the account's own object (decision 0026, decision 0038-projects): their rows, their chats and files,
// the limits checked as rows are written (one operation at a time, so two requests at a limit's edge are decided one
// after the other), and what a project's deletion and "Download my data" need. Called through projects/projects.ts.
import { and, count, desc, eq, exists, inArray, max } from "drizzle-orm";
import type { Project } from "../../../db/account-schema";
import type { ProjectColour, ProjectScreen, ProjectSummary, ThreadProject } from "../../lib/projects";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { documentView } from "../documents/operations";
import { unattached } from "../documents/cleanup";
import { deleteUnusedUploads, imageCount, projectImageIds, projectImageList, removeProjectImage } from "./images";

const { projects, projectChats, projectFiles, projectImages, chatThreads, chatMessages, documents, uploads } = accountSchema;

export interface ProjectFields {
  name: string;
  emoji: string;
  colour: string;
}

/** Why a file could not join a project: it is not the account's, the project is not, or the project is full. */
export type FileRoom = "ok" | "no-project" | "no-document" | "full";

function summaries(db: AccountDb, where?: ReturnType<typeof eq>): ProjectSummary[] {
  const activity = db
    .select({ projectId: projectChats.projectId, chats: count().as("chats"), last: max(chatThreads.updatedAt).as("last") })
    .from(projectChats)
    .innerJoin(chatThreads, eq(chatThreads.id, projectChats.threadId))
    .groupBy(projectChats.projectId)
    .as("activity");
  return db
    .select({ project: projects, chats: activity.chats, last: activity.last })
    .from(projects)
    .leftJoin(activity, eq(activity.projectId, projects.id))
    .where(where)
    .all()
    .map(({ project, chats, last }) => summaryOf(project, chats ?? 0, last))
    .sort((a, b) => b.lastActivity - a.lastActivity);
}

const summaryOf = (project: Project, chats: number, last: number | null): ProjectSummary => ({
  id: project.id,
  name: project.name,
  emoji: project.emoji,
  colour: project.colour as ProjectColour | null,
  chats,
  lastActivity: Math.max(project.updatedAt, last ?? 0),
});

const projectRow = (db: Pick<AccountDb, "select">, id: string) => db.select().from(projects).where(eq(projects.id, id)).get();

/** A project's documents and images together: one limit of files counts both. */
const fileCount = (db: AccountDb, projectId: string) =>
  (db.select({ files: count() }).from(projectFiles).where(eq(projectFiles.projectId, projectId)).get()?.files ?? 0) + imageCount(db, projectId);

/** Whether one more file fits the project (the plan's `limit`), and the project is this account's. */
function roomFor(db: AccountDb, projectId: string, limit: number): FileRoom {
  if (!projectRow(db, projectId)) return "no-project";
  return fileCount(db, projectId) < limit ? "ok" : "full";
}

/**
 * A photo attached in one of the account's chats joins a project as one of its images (named after the day it was
 * sent), within the plan's `limit`; one already there, or in another project, moves. Removing it from the project
 * later keeps it in the chat: an upload a message shows is never deleted (images/cleanup.ts `referencedHere`).
 */
function addChatPhoto(db: AccountDb, projectId: string, uploadId: string, limit: number): FileRoom {
  const photo = db
    .select({ id: uploads.id, contentType: uploads.contentType, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), exists(db.select().from(chatMessages).where(eq(chatMessages.attachmentId, uploads.id)))))
    .get();
  if (!photo) return "no-document";
  const already = db.select({ projectId: projectImages.projectId }).from(projectImages).where(eq(projectImages.uploadId, uploadId)).get();
  if (already?.projectId === projectId) return projectRow(db, projectId) ? "ok" : "no-project";
  const room = roomFor(db, projectId, limit);
  if (room !== "ok") return room;
  const name = `photo-${new Date(photo.createdAt).toISOString().slice(0, 10)}.${photo.contentType === "image/png" ? "png" : "jpg"}`;
  const now = Date.now();
  db.insert(projectImages)
    .values({ uploadId, projectId, name, addedAt: now })
    .onConflictDoUpdate({ target: projectImages.uploadId, set: { projectId, addedAt: now } })
    .run();
  // Kept while the project holds it, even if the chat was temporary (decision 0027).
  db.update(uploads).set({ temporaryUntil: null }).where(eq(uploads.id, uploadId)).run();
  db.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId)).run();
  return "ok";
}

/** The project's file rows, newest first. */
export function projectDocuments(db: AccountDb, projectId: string) {
  return db
    .select({ document: documents })
    .from(projectFiles)
    .innerJoin(documents, eq(documents.id, projectFiles.documentId))
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(desc(projectFiles.addedAt))
    .all()
    .map((row) => row.document);
}

/** Every project, newest activity first (the sidebar and /projects). */
export const projectSummaries = (db: AccountDb): ProjectSummary[] => summaries(db);

export const projectOperations = {
  "projects.list": ({ db }: AccountContext): ProjectSummary[] => summaries(db),
  /** What /projects/:projectId shows; null when the account has no such project. */
  "projects.screen": ({ db }: AccountContext, { projectId }: { projectId: string }): ProjectScreen | null => {
    const row = projectRow(db, projectId);
    if (!row) return null;
    const [summary] = summaries(db, eq(projects.id, projectId));
    const chats = db
      .select({ id: chatThreads.id, title: chatThreads.title, updatedAt: chatThreads.updatedAt })
      .from(projectChats)
      .innerJoin(chatThreads, eq(chatThreads.id, projectChats.threadId))
      .where(eq(projectChats.projectId, projectId))
      .orderBy(desc(chatThreads.updatedAt))
      .all();
    return {
      project: { ...summary!, instructions: row.instructions, keptApart: row.keptApart },
      chats,
      files: projectDocuments(db, projectId).map(documentView),
      images: projectImageList(db, projectId),
    };
  },
  /** A project as a chat shows it (a new chat started in it); null when the account has no such project. */
  "projects.find": ({ db }: AccountContext, { projectId }: { projectId: string }): ThreadProject | null => {
    const row = projectRow(db, projectId);
    return row ? { id: row.id, name: row.name, emoji: row.emoji } : null;
  },
  /** A new project, within the plan's `limit` of projects; null (nothing written) when the account has reached it. */
  "projects.create": ({ db, accountId }: AccountContext, input: ProjectFields & { instructions: string; limit: number }): ProjectSummary | null => {
    const existing = db.select({ projects: count() }).from(projects).get()?.projects ?? 0;
    if (existing >= input.limit) return null;
    const row = db
      .insert(projects)
      .values({
        id: crypto.randomUUID(),
        ownerId: accountId,
        name: input.name,
        emoji: input.emoji || null,
        colour: input.colour || null,
        instructions: input.instructions,
      })
      .returning()
      .get();
    return summaryOf(row, 0, null);
  },
  /** Changes a project's name and marks, instructions or kept-apart switch; false when the account has no such project. */
  "projects.update": (
    { db }: AccountContext,
    { projectId, ...change }: { projectId: string } & Partial<ProjectFields & { instructions: string; keptApart: boolean }>,
  ): boolean => {
    const set: Partial<typeof projects.$inferInsert> = { updatedAt: Date.now() };
    if (change.name !== undefined) Object.assign(set, { name: change.name, emoji: change.emoji || null, colour: change.colour || null });
    if (change.instructions !== undefined) set.instructions = change.instructions;
    if (change.keptApart !== undefined) set.keptApart = change.keptApart;
    return db.update(projects).set(set).where(eq(projects.id, projectId)).returning({ id: projects.id }).all().length > 0;
  },
  /** Whether one more file fits the project, asked before an upload is stored (it is asked again as the file joins). */
  "projects.fileRoom": ({ db }: AccountContext, { projectId, limit }: { projectId: string; limit: number }): FileRoom => roomFor(db, projectId, limit),
  /**
   * One of the account's documents joins the project (an upload on its page, or a document attached in one of its
   * chats), within the plan's `limit` of files; a document already in it is left as it is.
   */
  "projects.addFile": ({ db }: AccountContext, input: { projectId: string; documentId: string; limit: number }): FileRoom =>
    db.transaction((tx) => {
      if (!tx.select({ id: documents.id }).from(documents).where(eq(documents.id, input.documentId)).get())
        return addChatPhoto(tx as unknown as AccountDb, input.projectId, input.documentId, input.limit);
      const already = tx.select().from(projectFiles).where(eq(projectFiles.documentId, input.documentId)).get();
      if (already?.projectId === input.projectId) return projectRow(tx, input.projectId) ? "ok" : "no-project";
      const room = roomFor(tx as unknown as AccountDb, input.projectId, input.limit);
      if (room !== "ok") return room;
      tx.insert(projectFiles)
        .values({ documentId: input.documentId, projectId: input.projectId, addedAt: Date.now() })
        .onConflictDoUpdate({ target: projectFiles.documentId, set: { projectId: input.projectId, addedAt: Date.now() } })
        .run();
      // The project holds it now, not the chat that attached it: deleting that chat leaves it, and it is not cleaned up
      // as an upload nothing attached (documents/cleanup.ts) or a temporary chat's.
      tx.update(documents).set({ threadId: null, temporaryUntil: null, updatedAt: Date.now() }).where(eq(documents.id, input.documentId)).run();
      tx.update(projects).set({ updatedAt: Date.now() }).where(eq(projects.id, input.projectId)).run();
      return "ok";
    }),
  /** An image just uploaded on the project's page joins it, within the plan's `limit` of files (decision 0038-projects). */
  "projects.addImage": ({ db }: AccountContext, input: { projectId: string; uploadId: string; name: string; limit: number }): FileRoom =>
    db.transaction((tx) => {
      if (!tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, input.uploadId)).get()) return "no-document";
      const room = roomFor(tx as unknown as AccountDb, input.projectId, input.limit);
      if (room !== "ok") return room;
      tx.insert(projectImages).values({ uploadId: input.uploadId, projectId: input.projectId, name: input.name, addedAt: Date.now() }).run();
      tx.update(projects).set({ updatedAt: Date.now() }).where(eq(projects.id, input.projectId)).run();
      return "ok";
    }),
  /**
   * A file leaves the project and is no longer used by its chats. A file no chat holds either is deleted (answers its
   * R2 key); one a chat attached stays that chat's. `removed` is false when the project holds no such file.
   */
  "projects.removeFile": ({ db }: AccountContext, input: { projectId: string; documentId: string }): { removed: boolean; r2Key: string | null } =>
    db.transaction((tx) => {
      const removed = tx
        .delete(projectFiles)
        .where(and(eq(projectFiles.projectId, input.projectId), eq(projectFiles.documentId, input.documentId)))
        .returning({ id: projectFiles.documentId })
        .all();
      if (removed.length === 0) {
        // Not a document of the project: maybe one of its images, whose upload goes with it.
        const image = removeProjectImage(tx, input.projectId, input.documentId);
        return { removed: image !== null, r2Key: image?.r2Key ?? null };
      }
      const deleted = tx
        .delete(documents)
        .where(and(eq(documents.id, input.documentId), unattached(tx as unknown as AccountDb)))
        .returning({ r2Key: documents.r2Key })
        .get();
      return { removed: true, r2Key: deleted?.r2Key ?? null };
    }),
  /**
   * Moves one of the account's chats into a project (or, with `projectId` null, out of any, into the history); the chat
   * keeps its messages. "no-thread" / "no-project" when either is not the account's.
   */
  "projects.moveChat": ({ db }: AccountContext, input: { threadId: string; projectId: string | null }): "ok" | "no-thread" | "no-project" =>
    db.transaction((tx) => {
      const thread = tx.select({ id: chatThreads.id, tool: chatThreads.tool }).from(chatThreads).where(eq(chatThreads.id, input.threadId)).get();
      // Only a chat's thread moves: a horoscope reading or a web search belongs on its tool's page.
      if (!thread || thread.tool !== "web-main") return "no-thread";
      if (input.projectId === null) {
        tx.delete(projectChats).where(eq(projectChats.threadId, input.threadId)).run();
        return "ok";
      }
      if (!projectRow(tx, input.projectId)) return "no-project";
      tx.insert(projectChats)
        .values({ threadId: input.threadId, projectId: input.projectId, addedAt: Date.now() })
        .onConflictDoUpdate({ target: projectChats.threadId, set: { projectId: input.projectId, addedAt: Date.now() } })
        .run();
      return "ok";
    }),
  /** The project's chats and the answers being written in them (for its deletion); null when the account has no such project. */
  "projects.chats": ({ db }: AccountContext, { projectId }: { projectId: string }): { threadIds: string[]; streaming: string[] } | null => {
    if (!projectRow(db, projectId)) return null;
    const threadIds = db
      .select({ id: projectChats.threadId })
      .from(projectChats)
      .where(eq(projectChats.projectId, projectId))
      .all()
      .map((row) => row.id);
    const streaming = threadIds.length
      ? db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.status, "streaming"),
              inArray(chatMessages.threadId, db.select({ id: projectChats.threadId }).from(projectChats).where(eq(projectChats.projectId, projectId))),
            ),
          )
          .all()
          .map((row) => row.id)
      : [];
    return { threadIds, streaming };
  },
  /**
   * Deletes the project: its chats still in it go to the history, its files no chat holds are deleted (answers their R2
   * keys), those a chat attached stay that chat's, and its images are deleted (answers their keys). Null when the account has no such project.
   */
  "projects.delete": ({ db }: AccountContext, { projectId }: { projectId: string }): { documentKeys: string[]; imageKeys: string[] } | null =>
    db.transaction((tx) => {
      if (!projectRow(tx, projectId)) return null;
      const fileIds = tx
        .select({ id: projectFiles.documentId })
        .from(projectFiles)
        .where(eq(projectFiles.projectId, projectId))
        .all()
        .map((row) => row.id);
      const imageIds = projectImageIds(tx, projectId);
      tx.delete(projects).where(eq(projects.id, projectId)).run();
      const documentKeys = fileIds.length
        ? tx
            .delete(documents)
            .where(and(inArray(documents.id, fileIds), unattached(tx as unknown as AccountDb)))
            .returning({ r2Key: documents.r2Key })
            .all()
            .map((row) => row.r2Key)
        : [];
      return { documentKeys, imageKeys: deleteUnusedUploads(tx, imageIds) };
    }),
  /** "Download my data": every project with its chats' and files' ids (exports write a folder per project). */
  "projects.export": ({ db }: AccountContext) =>
    db
      .select()
      .from(projects)
      .orderBy(projects.createdAt)
      .all()
      .map((project) => ({
        ...project,
        threadIds: db
          .select({ id: projectChats.threadId })
          .from(projectChats)
          .where(eq(projectChats.projectId, project.id))
          .all()
          .map((row) => row.id),
        documents: projectDocuments(db, project.id).map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt })),
        images: projectImageList(db, project.id).map((row) => ({ id: row.id, name: row.name })),
      })),
};
