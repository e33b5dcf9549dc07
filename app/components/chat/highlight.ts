// Code highlighting for answers, with the twelve languages people ask about most (other fences are auto-detected
// among them). rehype-highlight would bundle all 37 "common" grammars (~350 KB) into both the worker (answers
// render on the server) and the markdown chunk; the worker has a 1 MiB budget.
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

const lowlight = createLowlight({ bash, css, go, java, javascript, json, python, rust, sql, typescript, xml, yaml });
lowlight.registerAlias({
  bash: ["sh", "shell", "zsh"],
  javascript: ["js", "jsx"],
  typescript: ["ts", "tsx"],
  xml: ["html", "svg"],
  python: ["py"],
  yaml: ["yml"],
});

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  return node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join("");
}

function languageOf(code: HastNode): string | undefined {
  const classes = Array.isArray(code.properties?.className) ? (code.properties.className as string[]) : [];
  const named = classes.find((name) => name.startsWith("language-"))?.slice("language-".length);
  return named && lowlight.registered(named) ? named : undefined;
}

/** rehype plugin: highlights `<pre><code>` blocks; the language comes from the fence or is detected. */
export function rehypeHighlightLite() {
  const walk = (node: HastNode) => {
    for (const child of node.children ?? []) {
      const code = child.tagName === "pre" ? child.children?.find((inner) => inner.tagName === "code") : undefined;
      if (code) {
        const text = textOf(code);
        const language = languageOf(code);
        const tree = language ? lowlight.highlight(language, text) : lowlight.highlightAuto(text);
        code.children = tree.children as HastNode[];
        const classes = Array.isArray(code.properties?.className) ? (code.properties.className as string[]) : [];
        code.properties = { ...code.properties, className: [...classes, "hljs"] };
      } else walk(child);
    }
  };
  return (tree: HastNode) => walk(tree);
}
