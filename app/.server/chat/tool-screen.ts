// What a tool's thread page (horoscope, web search) loads: the viewer's plan, demo mode and, for a thread URL, the
// thread and its messages when it is the viewer's and belongs to that tool; otherwise the page says it is gone.
import type { AppContext } from "../context";
import { isDemoMode } from "../ai/providers";
import { getViewer } from "../identity";
import type { MemoryNote } from "../../lib/memory";
import type { ResearchView } from "../../lib/schemas/research";
import { threadScreen, type MessageView } from "./threads";

export interface ToolThreadData {
  demoMode: boolean;
  plan: "guest" | "free" | "pro";
  thread: { id: string; title: string; starred: boolean; toolPath: string | null } | null;
  /** `memory`: what memory did for an answer (decision 0027), as the chat screen shows it. */
  messages: (MessageView & { memory?: MemoryNote })[];
  missingThread: boolean;
  /** The web-search thread's deep research (decision 0043), read with the thread in one call; null elsewhere. */
  research: ResearchView | null;
}

export async function loadToolThread(
  request: Request,
  context: AppContext,
  options: { tool: "horoscope" | "web-search"; toolPath?: string; threadId?: string },
): Promise<ToolThreadData> {
  const viewer = await getViewer(request, context);
  const base: ToolThreadData = { demoMode: isDemoMode(context.env), plan: viewer.plan, thread: null, messages: [], missingThread: false, research: null };
  if (!options.threadId) return base;
  const missing = { ...base, missingThread: true };
  if (!viewer.accountId) return missing;
  // The thread with what memory did for each answer, in one call as on the chat screen (chat/screen.ts).
  // A signed-in person's web-search thread also brings its deep research (decision 0043), in that same call.
  const signedIn = viewer.kind === "user";
  const research = signedIn && options.tool === "web-search";
  const opened = await threadScreen(context.env, viewer.accountId, options.threadId, { memory: signedIn, documents: false, research });
  if (!opened) return missing;
  const { thread, messages } = opened;
  if (thread.tool !== options.tool || (options.toolPath && thread.toolPath !== options.toolPath)) return missing;
  const threadView = { id: thread.id, title: thread.title, starred: thread.starred, toolPath: thread.toolPath };
  return { ...base, thread: threadView, messages, research: opened.research };
}
