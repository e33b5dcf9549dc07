// What a tool's thread page (horoscope, web search) loads: the viewer's plan, demo mode and, for a thread URL, the
// thread and its messages when it is the viewer's and belongs to that tool; otherwise the page says it is gone.
import type { AppContext } from "../context";
import { isDemoMode } from "../ai/providers";
import { getViewer } from "../identity";
import type { MemoryNote } from "../../lib/memory";
import { threadScreen, type MessageView } from "./threads";

export interface ToolThreadData {
  demoMode: boolean;
  plan: "guest" | "free" | "pro";
  thread: { id: string; title: string; starred: boolean; toolPath: string | null } | null;
  /** `memory`: what memory did for an answer (decision 0027), as the chat screen shows it. */
  messages: (MessageView & { memory?: MemoryNote })[];
  missingThread: boolean;
}

export async function loadToolThread(
  request: Request,
  context: AppContext,
  options: { tool: "horoscope" | "web-search"; toolPath?: string; threadId?: string },
): Promise<ToolThreadData> {
  const viewer = await getViewer(request, context);
  const base: ToolThreadData = { demoMode: isDemoMode(context.env), plan: viewer.plan, thread: null, messages: [], missingThread: false };
  if (!options.threadId) return base;
  const missing = { ...base, missingThread: true };
  if (!viewer.accountId) return missing;
  // The thread with what memory did for each answer, in one call as on the chat screen (chat/screen.ts).
  const opened = await threadScreen(context.env, viewer.accountId, options.threadId, { memory: viewer.kind === "user", documents: false });
  if (!opened) return missing;
  const { thread, messages } = opened;
  if (thread.tool !== options.tool || (options.toolPath && thread.toolPath !== options.toolPath)) return missing;
  return { ...base, thread: { id: thread.id, title: thread.title, starred: thread.starred, toolPath: thread.toolPath }, messages };
}
