import { useEffect, useState, type ComponentType } from "react";

// The renderer (markdown + highlighting) loads only when an answer is on screen: the empty chat stays light.
//
// Not React.lazy + Suspense: a saved thread is rendered as markdown on the server, and a dehydrated Suspense
// boundary that receives any update (a context change at the root, a re-render of the list) before its chunk
// arrives is thrown away and rendered again on the client (React error #421). Instead the server and the
// client both load the renderer before they render a page that shows answers (entry.server / entry.client
// call loadMarkdownRenderer), and a first answer in an empty chat shows plain text for the moment it loads.
type Renderer = ComponentType<{ text: string }>;

let loadedRenderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

export function loadMarkdownRenderer(): Promise<Renderer> {
  loading ??= import("./markdown-renderer").then((module) => (loadedRenderer = module.default));
  return loading;
}

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

export function Markdown({ text }: { text: string }) {
  const [Renderer, setRenderer] = useState<Renderer | null>(() => loadedRenderer);
  useEffect(() => {
    if (Renderer) return;
    let live = true;
    loadMarkdownRenderer().then((loaded) => live && setRenderer(() => loaded));
    return () => {
      live = false;
    };
  }, [Renderer]);
  if (Renderer) return <Renderer text={text} />;
  return <div className="whitespace-pre-wrap text-[15px] leading-relaxed">{text}</div>;
}
