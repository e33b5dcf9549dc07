// A remark plugin that marks page citations (`[p. 12]`, `[Name, p. 12]`) in an answer's text as `citation` elements,
// rendered by citation-button.tsx. Code (fenced or inline) is never text here, so a citation inside code stays code;
// link text is left alone so a button never sits inside a link.
import { citationContext, splitCitations } from "~/lib/citations";

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hName: string; hProperties: Record<string, string | number> };
}

/** The visible text of an inline node, for the words before a citation. */
function textOf(node: MdNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function markCitations(parent: MdNode) {
  if (!parent.children || parent.type === "link" || parent.type === "linkReference") return;
  let before = "";
  const children: MdNode[] = [];
  for (const child of parent.children) {
    if (child.type !== "text" || !child.value?.includes("p.")) {
      markCitations(child);
      children.push(child);
      before += textOf(child);
      continue;
    }
    for (const part of splitCitations(child.value)) {
      if (typeof part === "string") {
        children.push({ type: "text", value: part });
      } else {
        const context = citationContext(before, before.length);
        const properties: Record<string, string | number> = { page: part.page, context };
        if (part.name) properties.name = part.name;
        children.push({ type: "citation", data: { hName: "citation", hProperties: properties }, children: [{ type: "text", value: part.raw }] });
      }
      before += typeof part === "string" ? part : part.raw;
    }
  }
  parent.children = children;
}

export function remarkCitations() {
  return (tree: MdNode) => markCitations(tree);
}
