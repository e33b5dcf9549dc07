// "Export" of a thread: its owner downloads it as Markdown or JSON (a file, Content-Disposition: attachment).
// Only the owner: another owner's thread is "not found". The messages are those a reader can make sense of, the same
// ones a share link's snapshot keeps: every question, and answers that finished or were stopped with text.
import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import type { ExportFormat } from "../../lib/schemas/share";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";

export interface ExportLabels {
  you: string;
  assistant: string;
  /** Shown instead of the model in demo mode (README "Chat": the demo provider is labelled "Demo model" everywhere). */
  demoModel: string | null;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/** A file name from a title: ASCII letters and digits joined by "-" (Turkish letters folded), "chat" if none are left. */
export function slugify(title: string): string {
  const folded = title
    .replace(/ı/g, "i")
    .replace(/İ/g, "I")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return folded || "chat";
}

function stamp(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The thread and the messages an export keeps; another owner's thread is "not found". */
async function exportable(env: AppEnv, ownerId: string, threadId: string) {
  const { chatThreads, chatMessages } = schema;
  const db = getDb(env);
  const thread = await db.query.chatThreads.findFirst({ where: and(eq(chatThreads.id, threadId), eq(chatThreads.ownerId, ownerId)) });
  if (!thread) throw new AppError("chat/not-found");
  const messages = await db
    .select({ role: chatMessages.role, content: chatMessages.content, model: chatMessages.model, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.threadId, threadId),
        or(eq(chatMessages.role, "user"), and(inArray(chatMessages.status, ["complete", "stopped"]), ne(chatMessages.content, ""))),
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return { thread, messages };
}

/** What a thread's file is made of. */
export interface ExportContent {
  thread: { title: string; createdAt: number };
  messages: { role: "user" | "assistant"; content: string; model: string | null; createdAt: number }[];
}

/** `format` is null when the request named none we make (the owner gets export/invalid-format, a 400). */
export async function exportThread(env: AppEnv, ownerId: string, threadId: string, format: ExportFormat | null, labels: ExportLabels): Promise<ExportFile> {
  const content = await exportable(env, ownerId, threadId);
  // Another owner's thread is "not found" whatever was asked; only the owner hears that the format is wrong.
  if (!format) throw new AppError("export/invalid-format");
  return renderExport(content, format, labels);
}

/** A thread as a file; "Download my data" (exports/archive.ts) renders the threads it reads with it too. */
export function renderExport({ thread, messages }: ExportContent, format: ExportFormat, labels: ExportLabels): ExportFile {
  const name = slugify(thread.title);
  if (format === "json") {
    const body = {
      title: thread.title,
      createdAt: new Date(thread.createdAt).toISOString(),
      messages: messages.map((message) => ({
        role: message.role,
        content: message.content,
        model: message.model,
        createdAt: new Date(message.createdAt).toISOString(),
      })),
    };
    return { filename: `${name}.json`, contentType: "application/json; charset=utf-8", body: `${JSON.stringify(body, null, 2)}\n` };
  }
  const parts = [`# ${thread.title.replace(/\s+/g, " ").trim()}`];
  for (const message of messages) {
    const who = message.role === "user" ? labels.you : `${labels.assistant} (${labels.demoModel ?? message.model ?? "?"})`;
    parts.push(`**${who}:** _${stamp(message.createdAt)}_`, message.content.trim());
  }
  return { filename: `${name}.md`, contentType: "text/markdown; charset=utf-8", body: `${parts.join("\n\n")}\n` };
}
