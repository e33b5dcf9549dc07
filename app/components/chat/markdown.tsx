import { lazy, Suspense } from "react";

// The renderer (markdown + highlighting) loads only when an answer is on screen: the empty chat stays light.
const MarkdownRenderer = lazy(() => import("./markdown-renderer"));

export function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap text-[15px] leading-relaxed">{text}</div>}>
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
