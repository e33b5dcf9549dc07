// Data the chat screen needs: the models on offer, the viewer's plan and, for a thread URL, its messages.
import type { AppContext } from "../context";
import { availableModels, isDemoMode } from "../ai/providers";
import { threadDocuments } from "../documents/store";
import { AppError } from "../errors";
import { getViewer } from "../identity";
import { memoryNotes, withMemoryNotes } from "../memory/settings";
import { speechSource } from "../voice/engine";
import { openThread } from "./threads";

/** The screen's data; `movedTo` when the thread belongs on another tool's page (the route redirects there). */
export async function loadChatScreen(request: Request, context: AppContext, threadId: string | undefined) {
  const viewer = await getViewer(request, context);
  const models = availableModels(context.env)
    .filter((model) => model.id !== "gpt-4.1")
    .map(({ id, tier, vision, reasoning }) => ({ id, tier, vision, reasoning }));
  // Voice mode hears through the server when it has a speech provider, else through the browser (decision 0025).
  const voice = speechSource(context.env);
  const base = { models, demoMode: isDemoMode(context.env), plan: viewer.plan, missingThread: false, voice };
  if (!threadId) return { ...base, thread: null, messages: [], documents: {} };
  // A stale or foreign link opens a fresh chat that says the old one is gone, rather than a dead end.
  const missing = { ...base, thread: null, messages: [], missingThread: true, documents: {} };
  if (!viewer.accountId) return missing;
  // What memory did for each answer (issue 33), read beside the thread; a page without it still shows the thread.
  const notes = viewer.kind === "user" ? memoryNotes(context.env, viewer.accountId, threadId).catch(() => ({})) : Promise.resolve({});
  // The thread's documents (decision 0031), read beside it: a message whose attachment is one shows a file chip.
  const documents = threadDocuments(context.env, viewer.accountId, threadId);
  let opened;
  try {
    opened = await openThread(context.env, viewer.accountId, threadId);
  } catch (error) {
    if (error instanceof AppError && error.code === "chat/not-found") return missing;
    throw error;
  }
  // A horoscope reading or a web search opened by a chat link belongs on its own tool's page.
  const { thread } = opened;
  if (thread.tool === "horoscope" && thread.toolPath) return { ...missing, movedTo: `/horoscope/${thread.toolPath}/${thread.id}` };
  if (thread.tool === "web-search") return { ...missing, movedTo: `/web-search/${thread.id}` };
  return { ...base, ...opened, messages: withMemoryNotes(opened.messages, await notes), documents: await documents };
}
