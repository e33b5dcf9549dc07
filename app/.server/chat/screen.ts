// Data the chat screen needs: the models on offer, the viewer's plan and, for a thread URL, its messages.
import type { AppContext } from "../context";
import { availableModels, isDemoMode } from "../ai/providers";
import { getViewer } from "../identity";
import { speechSource } from "../voice/engine";
import { threadScreen } from "./threads";
import { findProject } from "../projects/projects";

/** The screen's data; `movedTo` when the thread belongs on another tool's page (the route redirects there). */
export async function loadChatScreen(request: Request, context: AppContext, threadId: string | undefined) {
  const viewer = await getViewer(request, context);
  const models = availableModels(context.env)
    .filter((model) => model.id !== "gpt-4.1")
    .map(({ id, tier, vision, reasoning }) => ({ id, tier, vision, reasoning }));
  // Voice mode hears through the server when it has a speech provider, else through the browser (decision 0025).
  const voice = speechSource(context.env);
  const base = { models, demoMode: isDemoMode(context.env), plan: viewer.plan, missingThread: false, voice };
  if (!threadId) {
    // "New chat in this project" (/web-main?project=<id>, decision 0038-projects): one of the viewer's projects, else a plain new chat.
    const projectId = new URL(request.url).searchParams.get("project");
    const project = projectId && viewer.kind === "user" ? await findProject(context.env, viewer.accountId, projectId.slice(0, 64)) : null;
    return { ...base, thread: null, messages: [], documents: {}, project };
  }
  // A stale or foreign link opens a fresh chat that says the old one is gone, rather than a dead end.
  const missing = { ...base, thread: null, messages: [], missingThread: true, documents: {}, project: null };
  if (!viewer.accountId) return missing;
  // One call reads the thread, what memory did for each answer (decision 0027) and its documents (decision 0031).
  const opened = await threadScreen(context.env, viewer.accountId, threadId, { memory: viewer.kind === "user", documents: true });
  if (!opened) return missing;
  // A horoscope reading or a web search opened by a chat link belongs on its own tool's page.
  const { thread } = opened;
  if (thread.tool === "horoscope" && thread.toolPath) return { ...missing, movedTo: `/horoscope/${thread.toolPath}/${thread.id}` };
  if (thread.tool === "web-search") return { ...missing, movedTo: `/web-search/${thread.id}` };
  return { ...base, ...opened };
}
