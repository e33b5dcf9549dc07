// Markdown for answers. Raw HTML in a model's output is never rendered as HTML (react-markdown escapes it),
// links open safely, and code blocks get highlighting and a copy button.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
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

const components: Components = {
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
};

export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <div className="markdown text-[15px] leading-relaxed" data-markdown="">
      <ReactMarkdown remarkPlugins={[remarkGfm, remarkHtmlAsText]} rehypePlugins={[rehypeHighlightLite]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
