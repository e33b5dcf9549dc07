// Markdown for answers. Raw HTML in a model's output is never rendered as HTML (react-markdown escapes it),
// links open safely, and code blocks get highlighting and a copy button.
import { memo, useMemo, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { splitMarkdownBlocks } from "~/lib/markdown-blocks";
import { CitationButton } from "../documents/citation-button";
import { remarkCitations } from "../documents/remark-citations";
import { ThreadDocuments } from "../documents/thread-documents";
import type { RendererProps } from "./markdown";
import { CopyButton } from "./copy-button";
import { rehypeHighlightLite } from "./highlight";

function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) return textOf((node as { props: { children?: ReactNode } }).props.children);
  return "";
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Raw HTML in an answer becomes visible text: shown exactly as written, never parsed or run. */
function remarkHtmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

// `citation` is remark-citations.ts's element for a page citation (not an HTML tag, so not in Components' type).
const components = {
  citation: CitationButton,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
      {children}
    </a>
  ),
  pre: function Pre({ children }) {
    const { t } = useTranslation("chat");
    return (
      <div className="my-3 overflow-hidden rounded-lg border bg-muted/60">
        <div className="flex justify-end border-b px-2 py-0.5">
          <CopyButton text={textOf(children)} label={t("actions.copyCode")} />
        </div>
        <pre className="overflow-x-auto p-3 text-sm">{children}</pre>
      </div>
    );
  },
} as Components;

const remarkPlugins = [remarkGfm, remarkHtmlAsText, remarkCitations];
const rehypePlugins = [rehypeHighlightLite];

/**
 * Parsed blocks by source, shared by every answer on the page. When an answer completes, the thread screen takes
 * the saved messages from the server and renders them afresh; without this the whole answer would be parsed again
 * in one go (a one-second task on a slow phone for a 5,000-word answer). Only finished blocks (those with a block
 * after them) are kept: the last one may still be growing, and each of its versions would push a finished block
 * out. Bounded, oldest first out.
 */
const parsedBlocks = new Map<string, ReactElement>();
const PARSED_BLOCKS_KEPT = 500;

function parseBlock(source: string, finished: boolean): ReactElement {
  const cached = parsedBlocks.get(source);
  if (cached) return cached;
  // react-markdown's Markdown is a synchronous, hook-free function of its options, so its output can be kept.
  const element = Markdown({ children: source, remarkPlugins, rehypePlugins, components });
  if (!finished) return element;
  parsedBlocks.set(source, element);
  if (parsedBlocks.size > PARSED_BLOCKS_KEPT) parsedBlocks.delete(parsedBlocks.keys().next().value as string);
  return element;
}

/** One top-level block, parsed again only when its own source changes (while streaming: only the last one). */
const MarkdownBlock = memo(function MarkdownBlock({ source, finished }: { source: string; finished: boolean }) {
  return parseBlock(source, finished);
});

const NO_DOCUMENTS: readonly never[] = [];

export default function MarkdownRenderer({ text, documents = NO_DOCUMENTS }: RendererProps) {
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <ThreadDocuments.Provider value={documents}>
      <div className="markdown text-[15px] leading-relaxed" data-markdown="">
        {blocks.map((source, index) => (
          // Blocks only grow at the end, so an index is a stable key here.
          <MarkdownBlock key={index} source={source} finished={index < blocks.length - 1} />
        ))}
      </div>
    </ThreadDocuments.Provider>
  );
}
