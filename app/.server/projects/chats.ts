// Which chats are in a project, for the chat domain's own reads and writes inside the account's object (decision
// 0038-projects): the history leaves a project's chats out, search finds them by the project's name too, and a new
// chat started in a project joins it with the turn's own rows. Imports only the schema, so chat/ may import it.
import { and, eq, inArray, notExists, sql, type SQL } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";
import type { ThreadProject } from "../../lib/projects";

const { projects, projectChats, chatThreads } = accountSchema;

/** A thread in no project: what the history lists (a project's chats are listed on its page). */
export const outsideProjects = (db: Pick<AccountDb, "select">): SQL =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(projectChats)
      .where(eq(projectChats.threadId, chatThreads.id)),
  );

/**
 * The threads of the projects whose name holds `text` (any case, in any language: compared in JavaScript, since
 * SQLite's lower() folds ASCII only); an account has at most a hundred projects.
 */
export function threadsOfProjectsNamed(db: AccountDb, text: string): SQL | null {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return null;
  const ids = db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .all()
    .filter((project) => project.name.toLocaleLowerCase().includes(wanted))
    .map((project) => project.id);
  if (ids.length === 0) return null;
  return sql`SELECT ${projectChats.threadId} FROM ${projectChats} WHERE ${inArray(projectChats.projectId, ids)}`;
}

/** The project a thread is in, or null. */
export function projectOfThread(db: Pick<AccountDb, "select">, threadId: string): ThreadProject | null {
  return (
    db
      .select({ id: projects.id, name: projects.name, emoji: projects.emoji })
      .from(projectChats)
      .innerJoin(projects, eq(projects.id, projectChats.projectId))
      .where(eq(projectChats.threadId, threadId))
      .get() ?? null
  );
}

/**
 * A new chat's first turn joins its project with the turn's own rows (chat/messages.ts applyTurnWrites): only while the
 * project is still there (one deleted since the turn was composed leaves the chat in the history).
 */
export function joinProject(db: Pick<AccountDb, "run">, threadId: string, projectId: string, now: number): void {
  db.run(
    sql`INSERT OR IGNORE INTO ${projectChats} (thread_id, project_id, added_at) SELECT ${threadId}, ${projectId}, ${now} WHERE EXISTS (SELECT 1 FROM ${projects} WHERE ${and(eq(projects.id, projectId))})`,
  );
}
