// "/projects" and "/project <name>" on WhatsApp (decision 0038-projects): the account's projects as projects.list
// answers them, and the one a name picks, which the number's object keeps so the next new conversation starts in it
// (chat.ts). A name is matched as someone types it on a phone: any case, Turkish dotted and dotless i alike, accents
// ignored, an exact name first, else a unique start of one.
import type { ProjectSummary } from "../../lib/projects";
import { listProjects } from "../projects/projects";
import { startNewConversation } from "./chat";
import type { ProInbound } from "./command-handlers";
import { replyText, sendReply } from "./replies";

export function foldName(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/ı/g, "i").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The projects `typed` names: one, several (none exact and more than one starting so), or none. */
export function matchProjects(projects: ProjectSummary[], typed: string): ProjectSummary[] {
  const wanted = foldName(typed);
  const exact = projects.filter((project) => foldName(project.name) === wanted);
  if (exact.length > 0) return exact;
  return projects.filter((project) => foldName(project.name).startsWith(wanted));
}

const label = (project: ProjectSummary) => (project.emoji ? `${project.emoji} ${project.name}` : project.name);

/** One line per project with its chats' count, the active one marked. */
async function projectLines(inbound: ProInbound, projects: ProjectSummary[], activeId: string | null): Promise<string> {
  const { locale } = inbound.conversation;
  const lines = await Promise.all(
    projects.map(async (project) =>
      replyText(locale, project.id === activeId ? "projectsItemCurrent" : "projectsItem", {
        name: label(project),
        chats: await replyText(locale, "projectChats", { count: project.chats }),
      }),
    ),
  );
  return lines.join("\n");
}

/** The account has no projects: where to make one. */
const noProjects = (inbound: ProInbound) => sendReply(inbound.conversation, "projectsNone", { link: `${inbound.origin}/projects` });

export async function replyWithProjects(inbound: ProInbound): Promise<void> {
  const { env, conversation, owner } = inbound;
  const projects = await listProjects(env, owner);
  if (projects.length === 0) return void (await noProjects(inbound));
  const list = await projectLines(inbound, projects, await conversation.number.activeProject());
  await sendReply(conversation, "projectsList", { list, example: projects[0]!.name });
}

/** "/project <name>": the next message starts a new chat in the one project `name` picks, or the names to choose from. */
export async function chooseProject(inbound: ProInbound, name: string): Promise<void> {
  const { env, conversation, link, owner } = inbound;
  const projects = await listProjects(env, owner);
  if (projects.length === 0) return void (await noProjects(inbound));
  const matches = matchProjects(projects, name);
  if (matches.length === 1) {
    await startNewConversation(env, conversation, link, matches[0]!.id);
    await sendReply(conversation, "projectChosen", { name: label(matches[0]!) });
    return;
  }
  const ambiguous = matches.length > 1;
  const list = await projectLines(inbound, ambiguous ? matches : projects, null);
  await sendReply(conversation, ambiguous ? "projectAmbiguous" : "projectUnknown", { name, list });
}
