// What a chat turn is made of once its owner is known: the thread and recent messages it continues, an attached
// image, and from those the runner's input (the rows to write and the messages sent upstream). Reads only: nothing
// here charges or writes, so a turn composed for an owner that turns out wrong can simply be dropped. It runs inside
// the account's object (begin.ts), reading its storage directly: one call per turn (decision 0009).
import { desc, eq } from "drizzle-orm";
import type { Locale } from "../../../lib/constants";
import type { ModelInfo } from "../../../lib/models";
import type { ChatRequest } from "../../../lib/schemas/chat";
import type { Owner } from "../../account/owner";
import { accountSchema, type AccountContext } from "../../account/schema";
import type { ChatTarget } from "../../ai/providers";
import type { ChatTurn } from "../../ai/upstream";
import { checkAttachedDocument, documentContext, type DocumentContext } from "../../documents/turn";
import { AppError } from "../../errors";
import { imageDataUrl } from "../../images/data-url";
import { memoryForTurn } from "../../memory/turn";
import { projectForTurn, projectImagesTurn } from "../../projects/turn";
import { demoReply } from "../demo-reply";
import type { TurnWrites } from "../messages";
import { titleFrom } from "../title";
import { demoText } from "./demo";
import type { ToolTurn, TurnStart } from "./types";

/** How many earlier messages are sent as context. */
const CONTEXT_MESSAGES = 30;

/**
 * The image a new question attaches (undefined for a document): only one of the asker's own uploads or documents.
 * Another account's id, or one that no longer exists, is "not found" (404) before anything is written, and the turn's
 * charge is given back (SECURITY.md "Data of others"); a document not read yet is 409, one that could not be read 422.
 */
export async function ownedAttachment(account: AccountContext, attachmentId: string): Promise<string | undefined> {
  const image = await imageDataUrl(account, attachmentId);
  if (image) return image;
  checkAttachedDocument(account, attachmentId);
  return undefined;
}

/** The thread and its latest messages, oldest first; null when this account has no such thread. */
export function loadThread({ db }: Pick<AccountContext, "db">, threadId: string) {
  const { chatThreads, chatMessages } = accountSchema;
  const thread = db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get();
  if (!thread) return null;
  const recent = db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(CONTEXT_MESSAGES + 1)
    .all();
  return { thread, messages: recent.reverse() };
}

export type LoadedThread = ReturnType<typeof loadThread>;

/** The answer charged under `creditKey` (a retried request joins it), if this account has one. */
export function messageForCredit({ db }: Pick<AccountContext, "db">, creditKey: string) {
  return db.select().from(accountSchema.chatMessages).where(eq(accountSchema.chatMessages.creditKey, creditKey)).limit(1).get() ?? null;
}

/** A catalogue model and the provider target that serves it. */
export interface ModelChoice {
  model: ModelInfo;
  target: ChatTarget;
}

/** A request checked against the catalogue and its tool, before anyone is charged. */
export interface TurnPlan {
  /**
   * The model `who` is answered with (the one model-access check), or null when their plan allows none; `withPhoto`
   * when the question answered carries a photo (a tool's turn then needs a model that sees images, decision 0030).
   */
  modelFor: (who: Owner, withPhoto?: boolean) => ModelChoice | null;
  /** The question sent (a tool's opening question, or the user's text); absent when regenerating. */
  message?: string;
  /** The upload the question carries: the chat's attachment, or the tool's photo (the coffee reading's cup). */
  attachmentId?: string;
  /** Idempotency key of the charge: a retried request is charged once and joins the answer it started. */
  creditKey: string;
  request: ChatRequest;
  tool?: ToolTurn;
  locale: Locale;
  now?: number;
  channel: "web" | "whatsapp";
  /** Whether `who`'s plan rules out every model this turn could use. */
  proRequired: (who: Owner) => boolean;
}

/**
 * A plan as it is sent to the account's object for one owner (begin.ts): plain data, with the model that owner's plan
 * allows (null: none).
 */
export type OwnerTurn = Omit<TurnPlan, "modelFor" | "proRequired"> & {
  choice: ModelChoice | null;
  /**
   * A tool's regenerate or edit: the choice if the question it answers again carries a photo (known only once the
   * thread is read in the object; decision 0030), or "unavailable" when no served model sees images.
   */
  photoChoice?: ModelChoice | null | "unavailable";
};

/** The plan for `who`, ready to cross RPC. */
export function ownerTurn({ modelFor, proRequired: _proRequired, ...plan }: TurnPlan, who: Owner): OwnerTurn {
  const again = plan.tool && plan.request.mode !== "send";
  return { ...plan, choice: modelFor(who), photoChoice: again ? photoChoiceFor(() => modelFor(who, true)) : undefined };
}

function photoChoiceFor(choose: () => ModelChoice | null): ModelChoice | null | "unavailable" {
  try {
    return choose();
  } catch (error) {
    if (error instanceof AppError && error.code === "chat/model-unavailable") return "unavailable";
    throw error;
  }
}

/**
 * The runner's input for a turn of `who`: a new thread or the loaded one, the question (or the rewind of a
 * regenerate / edit), and the messages sent upstream. Throws for a thread this turn cannot continue.
 */
export async function composeTurn(
  account: AccountContext,
  plan: OwnerTurn,
  who: Owner,
  loaded: LoadedThread,
  attachedImage: string | undefined,
): Promise<TurnStart> {
  const { request, tool, message, creditKey } = plan;
  if (request.threadId && !loaded) throw new AppError("chat/not-found");
  // A tool's thread continues only with that tool (its instructions and charge follow the thread's tool).
  if (loaded && (loaded.thread.tool !== (tool?.tool ?? "web-main") || (tool && loaded.thread.toolPath !== tool.toolPath)))
    throw new AppError("request/invalid");
  const history = (loaded?.messages ?? []).filter((row) => row.content.length > 0 && row.status !== "streaming");
  const lastAsked = history.map((row) => row.role).lastIndexOf("user");
  // A regenerate or edit answers the thread's last question again, photo included (the coffee reading's cup).
  const againWithPhoto = request.mode !== "send" && Boolean(history[lastAsked]?.attachmentId);
  const choice = againWithPhoto && plan.photoChoice !== undefined ? plan.photoChoice : plan.choice;
  if (choice === "unavailable") throw new AppError("chat/model-unavailable");
  if (!choice) throw new AppError("plan/pro-required");
  const { model, target } = choice;
  const threadId = loaded?.thread.id ?? crypto.randomUUID();
  const messageId = crypto.randomUUID();
  const writes: TurnWrites = {
    threadId,
    now: plan.now ?? Date.now(),
    answer: { id: messageId, model: model.id, creditKey },
    newThread: loaded
      ? undefined
      : {
          ownerId: who.accountId,
          tool: tool?.tool ?? "web-main",
          toolPath: tool?.toolPath ?? null,
          title: titleFrom(tool?.opening?.title ?? message ?? ""),
          channel: plan.channel,
        },
  };

  let turns: ChatTurn[];
  if (request.mode === "send") {
    writes.question = { id: crypto.randomUUID(), content: message ?? "", attachmentId: plan.attachmentId ?? null };
    turns = [...history.map(({ role, content }) => ({ role, content })), { role: "user", content: message ?? "", imageDataUrl: attachedImage }];
  } else {
    const question = history[lastAsked];
    if (!question) throw new AppError("request/invalid");
    const text = request.mode === "edit" ? (request.message ?? question.content) : question.content;
    writes.rewind = { questionId: question.id, questionCreatedAt: question.createdAt, newText: request.mode === "edit" ? text : undefined };
    turns = [
      ...history.slice(0, lastAsked).map(({ role, content }) => ({ role, content })),
      { role: "user", content: text, imageDataUrl: await imageDataUrl(account, question.attachmentId) },
    ];
  }

  const lastQuestion = turns[turns.length - 1]?.content ?? "";
  const withImage = Boolean(turns[turns.length - 1]?.imageDataUrl);
  // Memory (decision 0027): the person's instructions and memories join the system text; the runner learns
  // from the turn when it ends. A temporary chat keeps no rows at all.
  const temporary = request.temporary === true;
  // A project chat (decision 0038-projects): its instructions, its files' best passages, and kept apart from memory.
  const project = tool
    ? null
    : projectForTurn(account, { threadId: loaded?.thread.id ?? null, projectId: request.projectId ?? null, question: lastQuestion, temporary });
  if (project && !loaded) writes.projectId = project.id;
  const apart = temporary || Boolean(project?.keptApart);
  const memory = await memoryForTurn(account, who, { question: lastQuestion, model: model.id, locale: plan.locale, temporary: apart });
  // Documents in chat (decision 0031): the thread's documents, or the one this question attaches, as passages.
  const attachedDocument = request.mode === "send" && plan.attachmentId && !attachedImage ? plan.attachmentId : null;
  const documents: DocumentContext = tool
    ? {}
    : documentContext(account, {
        threadId: loaded && !temporary ? loaded.thread.id : null,
        attachmentId: attachedDocument,
        question: lastQuestion,
        locale: plan.locale,
        project: project?.documents,
      });
  if (attachedDocument && !temporary && !tool) writes.attachedDocumentId = attachedDocument;
  // A document's text is someone else's: it goes to the model as a user-role block just before the question, never as
  // system text (decision 0031), and it is kept out of the question's own row and of memory's reading of it.
  if (documents.passages) turns.splice(turns.length - 1, 0, { role: "user", content: documents.passages });
  // A project's most recent images (decision 0038-projects), likewise just before the question, for a model that sees images.
  const projectImages = await projectImagesTurn(account, project, model.vision, plan.locale);
  if (projectImages) turns.splice(turns.length - 1, 0, projectImages.turn);
  // Someone else's text in the turn's context (a document, web results, a shared chat continued here, a photo, now or
  // earlier in the thread, whose answers are history) can steer the answer: it is learnt from only when the person
  // asks (decision 0027).
  const photoBefore = history.some((row) => row.attachmentId !== null);
  const fromOthers =
    Boolean(documents.passages) || Boolean(projectImages) || tool?.kind === "web-search" || withImage || photoBefore || Boolean(loaded?.thread.fromShare);
  return {
    messageId,
    threadId,
    ownerId: who.accountId,
    creditKey,
    target,
    turns,
    reasoning: model.reasoning,
    demoReply:
      target.kind === "demo"
        ? memory.demoReply(
            [
              documents.demoReply ??
                demoFor(tool, lastQuestion, turns[turns.length - 1]?.imageDataUrl, () => demoReply(lastQuestion, model, plan.locale, withImage)),
              projectImages?.demoNote,
            ]
              .filter(Boolean)
              .join("\n\n"),
          )
        : undefined,
    kind: tool?.kind ?? "chat",
    instructions: memory.instructions([tool?.instructions, project?.instructions, documents.instructions].filter(Boolean).join("\n\n") || undefined),
    sourcesLabel: tool?.sourcesLabel,
    writes,
    memory: memory.turn && { ...memory.turn, fromOthers },
    temporary: temporary || undefined,
  };
}

/**
 * The demo provider's text: the tool's (its form's reading, given what it could read from the turn's photo, or its
 * reply to a later turn), else the chat's.
 */
function demoFor(tool: ToolTurn | undefined, question: string, image: string | undefined, chat: () => string): string {
  if (!tool) return chat();
  return demoText(tool.opening?.demo ?? tool.demo, question, image);
}
