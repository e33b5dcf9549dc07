import type { DocumentView } from "~/lib/documents";
import { useRootData } from "../root-data";
import { loadedOnce } from "../ui/loaded-once";

// The renderer (markdown + highlighting) loads only when an answer is on screen: the empty chat stays light.
//
// Not React.lazy + Suspense (ui/loaded-once.ts): the server and the client both load the renderer before they render
// a page that shows answers (entry.server / entry.client call loadMarkdownRenderer), and a first answer in an empty
// chat shows plain text for the moment it loads.

export interface RendererProps {
  text: string;
  /** The thread's documents: an answer's page citations of one of them become buttons (decision 0031). */
  documents?: readonly DocumentView[];
}

const markdownRenderer = loadedOnce(() => import("./markdown-renderer"));

export const loadMarkdownRenderer = markdownRenderer.load;

/** Marks server-rendered markdown, so the client knows to load the renderer before it hydrates. */
export const MARKDOWN_MARKER = "data-markdown";

/**
 * The `handle` of a route whose page can show saved answers (a thread screen, a shared conversation): the server
 * loads the renderer before rendering it. Declared per route rather than guessed from loader data's shape.
 */
export const SHOWS_ANSWERS = { showsAnswers: true } as const;

export function showsAnswers(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as Partial<typeof SHOWS_ANSWERS> | undefined)?.showsAnswers === true);
}

/**
 * Rendered beside a list that shows answers: names the renderer's files (from the root data, so the server's HTML and
 * the hydrating client agree) so the browser fetches them with the page's other scripts. entry.client waits for the
 * renderer before it hydrates such a page; without the hint its import started only after every other script ran.
 */
export function MarkdownPreload() {
  const files = useRootData()?.preloads.markdownRenderer ?? [];
  return files.map((href) => <link key={href} rel="modulepreload" href={href} />);
}

export function Markdown({ text, documents }: RendererProps) {
  const Renderer = markdownRenderer.useLoaded()?.default;
  if (Renderer) return <Renderer text={text} documents={documents} />;
  return <div className="whitespace-pre-wrap text-[15px] leading-relaxed">{text}</div>;
}
