// A project chat's turn (decision 0038-projects): the project's instructions join the system text, its files are
// searched for the question (projects/retrieval.ts) and their best passages go with the thread's own documents in the
// documents block (documents/turn.ts), its most recent images go to a model that sees images (projectImagesTurn), and a kept-apart project's turns neither read nor feed the person's memory.
// Runs inside the asker's object while the turn is composed (chat/turn-inputs.ts), reading its storage directly.
import { eq } from "drizzle-orm";
import type { Locale } from "../../lib/constants";
import type { ChatTurn } from "../ai/upstream";
import { imageDataUrl } from "../images/data-url";
import { resources } from "../i18n";
import { accountSchema, type AccountContext } from "../account/schema";
import type { TurnDocument } from "../documents/passages";
import { AppError } from "../errors";
import { PROJECT_TURN_IMAGES, projectImageList } from "./images";
import { projectDocuments } from "./operations";
import { projectPassages } from "./retrieval";

const { projects, projectChats } = accountSchema;

export interface ProjectTurn {
  id: string;
  /** Memory is neither read nor fed by the turn (like a temporary chat's, decision 0027), but instructions still go. */
  keptApart: boolean;
  /** System text: the project's name, the person's instructions for it, and its files' names; undefined when empty. */
  instructions?: string;
  /** The passages of the project's files that best match the question, with their file names. */
  documents: TurnDocument[];
  /** The project's most recent images (at most PROJECT_TURN_IMAGES), given to a model that sees images. */
  images: { id: string; name: string }[];
}

/**
 * The project of a turn: the one its thread is in, or for a new chat the one the request names, which must be the
 * asker's (another account's or an unknown id is 404 `project/not-found`, before anything is written). A temporary chat
 * or a tool's turn has none.
 */
export function projectForTurn(
  account: AccountContext,
  turn: { threadId: string | null; projectId: string | null; question: string; temporary: boolean },
): ProjectTurn | null {
  const { db } = account;
  if (turn.temporary) return null;
  const projectId = turn.threadId
    ? db.select({ id: projectChats.projectId }).from(projectChats).where(eq(projectChats.threadId, turn.threadId)).get()?.id
    : turn.projectId;
  if (!projectId) return null;
  const project = db.select().from(projects).where(eq(projects.id, projectId)).get();
  if (!project) {
    if (turn.threadId) return null;
    throw new AppError("project/not-found");
  }
  const files = projectDocuments(db, project.id).filter((file) => file.state === "ready");
  const parts = [
    `This conversation belongs to the person's project "${project.name}".`,
    project.instructions ? `How the person wants you to work in this project (their own words):\n${project.instructions}` : null,
    files.length > 0
      ? `The project's files: ${files.map((file) => `"${file.name}"`).join(", ")}. Passages of them that match the question, if any, are in the documents block; cite them with the file's name, like [report.pdf, p. 12].`
      : null,
  ];
  return {
    id: project.id,
    keptApart: project.keptApart,
    instructions: parts.filter(Boolean).join("\n\n"),
    documents: files.length > 0 ? projectPassages(db, project.id, turn.question) : [],
    images: projectImageList(db, project.id, PROJECT_TURN_IMAGES).map(({ id, name }) => ({ id, name })),
  };
}

/**
 * The project's images as a user-role turn just before the question (someone else's picture, like a document's text,
 * is never system text), when the chosen model sees images; the demo provider says it looked at them. Undefined when
 * there are none to show or the model sees no images.
 */
export async function projectImagesTurn(
  account: AccountContext,
  project: ProjectTurn | null,
  vision: boolean,
  locale: Locale,
): Promise<{ turn: ChatTurn; demoNote: string } | undefined> {
  if (!project || !vision || project.images.length === 0) return undefined;
  const shown = [];
  for (const image of project.images) {
    const dataUrl = await imageDataUrl(account, image.id);
    if (dataUrl) shown.push({ ...image, dataUrl });
  }
  if (shown.length === 0) return undefined;
  const names = shown.map((image) => `"${image.name}"`).join(", ");
  return {
    turn: { role: "user", content: `The project's most recent images, in this order: ${names}.`, images: shown.map((image) => image.dataUrl) },
    demoNote: resources[locale].demo.projectImages.replace("{{count}}", String(shown.length)).replace("{{names}}", names),
  };
}
