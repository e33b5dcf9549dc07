// The sections' Markdown as the blocks the research PDF lays out (export-pdf.ts): paragraphs, list items,
// sub-headings and tables, with inline Markdown reduced to its text.

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "item"; marker: string; text: string }
  | { kind: "heading"; text: string }
  | { kind: "table"; rows: string[][] };

/** Markdown inline syntax removed: link and image text kept, emphasis and code marks dropped, escapes resolved. */
export function plainInline(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`+/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, "$1");
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => plainInline(cell.trim()));
}

/** The section's Markdown as blocks the layout knows. Anything else reads as a paragraph of its text. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let table: string[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: plainInline(paragraph.join(" ")) });
    paragraph = [];
    if (table) blocks.push({ kind: "table", rows: table });
    table = null;
  };
  for (const raw of markdown.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("|")) {
      if (!table) {
        flush();
        table = [];
      }
      if (!/^\|?\s*:?-{2,}/.test(line)) table.push(tableCells(line));
      continue;
    }
    if (table) flush();
    if (line === "" || /^(```|~~~)/.test(line) || /^([-*_])\s*(\1\s*){2,}$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^([-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", text: plainInline(heading[1] ?? "") });
    } else if (item) {
      flush();
      const marker = /^\d/.test(item[1] ?? "") ? (item[1] ?? "") : "•";
      blocks.push({ kind: "item", marker, text: plainInline(item[2] ?? "") });
    } else {
      paragraph.push(line.replace(/^>\s?/, ""));
    }
  }
  flush();
  return blocks;
}
