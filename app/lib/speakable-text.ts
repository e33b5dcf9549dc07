// An answer's Markdown as something to say (docs/decisions/0025-voice.md): no asterisks, hashes or pipes read out,
// links by their words, and each code block replaced by one word ("code") so a voice never spells out a program.

const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** One line of Markdown without its markup. */
function proseLine(line: string): string {
  return (
    line
      // Block markers: headings, quotes, list bullets and numbers, task boxes.
      .replace(/^\s*#{1,6}\s+/, "")
      .replace(/^\s*(>\s?)+/, "")
      .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, "")
      // Images by their description, links by their words, bare URLs left as they are.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      // Inline code keeps its text; emphasis and strike-through lose their marks.
      .replace(/`+([^`]*)`+/g, "$1")
      .replace(/(\*\*|__)(.+?)\1/g, "$2")
      .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, "$2")
      .replace(/~~(.+?)~~/g, "$1")
      // HTML tags, and the cell walls of a table row.
      .replace(/<[^>]+>/g, "")
      .replace(/\s*\|\s*/g, ", ")
      .replace(/^,\s*|,\s*$/g, "")
      .replace(/[*#]/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * The text of a Markdown answer as prose: one sentence per line (a full stop added where a line ends without one,
 * so a voice pauses), each fenced code block said as `codeWord`.
 */
export function speakableText(markdown: string, codeWord: string): string {
  const sentences: string[] = [];
  let inCode = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      if (!inCode) sentences.push(`${codeWord}.`);
      inCode = !inCode;
      continue;
    }
    if (inCode || RULE.test(line) || TABLE_DIVIDER.test(line)) continue;
    const prose = proseLine(line);
    if (!prose) continue;
    sentences.push(/[.!?:;…]$/.test(prose) ? prose : `${prose}.`);
  }
  return sentences.join(" ");
}
