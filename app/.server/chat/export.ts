// "Export" of a thread: its owner downloads it as Markdown or JSON (a file, Content-Disposition: attachment).
// Only the owner: another owner's thread is "not found" (it is not in the asker's own object, decision 0026). The
// messages are those a reader can make sense of, the same ones a share link's snapshot keeps (share/links.ts): every
// question, and answers that finished or were stopped with text.
import type { ExportFormat } from "../../lib/schemas/share";
import { inAccount } from "../account/client";
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

/** What a thread's file is made of. */
export interface ExportContent {
  thread: { title: string; createdAt: number };
  messages: { role: "user" | "assistant"; content: string; model: string | null; createdAt: number }[];
}

async function exportableOf(env: AppEnv, ownerId: string, threadId: string): Promise<ExportContent> {
  const content = await inAccount(env, ownerId, "chat.exportable", threadId);
  if (!content) throw new AppError("chat/not-found");
  return content;
}

/** `format` is null when the request named none we make (the owner gets export/invalid-format, a 400). */
export async function exportThread(env: AppEnv, ownerId: string, threadId: string, format: ExportFormat | null, labels: ExportLabels): Promise<ExportFile> {
  const content = await exportableOf(env, ownerId, threadId);
  // Another owner's thread is "not found" whatever was asked; only the owner hears that the format is wrong.
  if (!format) throw new AppError("export/invalid-format");
  return renderExport(content, format, labels);
}

/** A thread as a file; "Download my data" (exports/chats.ts) writes the same file in pieces (exportPieces). */
export function renderExport({ thread, messages }: ExportContent, format: ExportFormat, labels: ExportLabels): ExportFile {
  const pieces = exportPieces(thread, format, labels);
  const body = pieces.head + messages.map((message, index) => pieces.message(message, index === 0)).join("") + pieces.tail(messages.length > 0);
  return format === "json"
    ? { filename: `${slugify(thread.title)}.json`, contentType: "application/json; charset=utf-8", body }
    : { filename: `${slugify(thread.title)}.md`, contentType: "text/markdown; charset=utf-8", body };
}

/**
 * A thread's file as its head, one piece per message and its tail, so a thread of any length can be written message by
 * message (decision 0018). Joined they are exactly the file: the JSON is what JSON.stringify(…, null, 2) makes.
 */
export function exportPieces(thread: ExportContent["thread"], format: ExportFormat, labels: ExportLabels) {
  if (format === "json") {
    const head = `{\n  "title": ${JSON.stringify(thread.title)},\n  "createdAt": ${JSON.stringify(new Date(thread.createdAt).toISOString())},\n  "messages": [`;
    return {
      head,
      message: (message: ExportContent["messages"][number], first: boolean) => {
        const entry = { role: message.role, content: message.content, model: message.model, createdAt: new Date(message.createdAt).toISOString() };
        return `${first ? "" : ","}\n    ${JSON.stringify(entry, null, 2).replace(/\n/g, "\n    ")}`;
      },
      tail: (any: boolean) => `${any ? "\n  " : ""}]\n}\n`,
    };
  }
  return {
    head: `# ${thread.title.replace(/\s+/g, " ").trim()}`,
    message: (message: ExportContent["messages"][number]) => {
      const who = message.role === "user" ? labels.you : `${labels.assistant} (${labels.demoModel ?? message.model ?? "?"})`;
      return `\n\n**${who}:** _${stamp(message.createdAt)}_\n\n${message.content.trim()}`;
    },
    tail: () => "\n",
  };
}
