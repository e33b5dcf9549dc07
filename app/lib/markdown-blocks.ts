// Splits an answer's Markdown into top-level blocks that can be parsed and rendered independently.
//
// Why: while an answer streams, every chunk changes the text. Parsing and highlighting the whole answer on each
// chunk costs O(length) per chunk, so a 5,000-word answer blocked the main thread for 600 ms at a time on a slow
// phone and typing lagged by a second (decision 0019, measured by `npm run bench`). Rendered block by block, with each
// block memoised on its source, only the last (growing) block is parsed again.
//
// A split is only made where it cannot change the rendering: at a blank line outside a fenced code block, before an
// unindented line (an indented one may continue a list item or be indented code), and never between two items of
// one list (a blank line between items makes a "loose" list, which must stay one <ol>/<ul>). A document with link
// reference definitions or footnotes ([x]: url, [^1]: text), or with an HTML block that may span blank lines
// (<!-- -->, <pre>, <script>, <style>, <textarea>), is not split at all: those do not end at a blank line.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const UNSPLITTABLE = /^ {0,3}(?:\[[^\]]+\]:|<(?:!--|pre|script|style|textarea))/im;

export function splitMarkdownBlocks(text: string): string[] {
  if (UNSPLITTABLE.test(text)) return [text];
  const lines = text.split("\n");
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  /** Whether the last block-starting line outside a code fence was a list item (lazy continuations do not count). */
  let inList = false;
  let afterBlank = false;

  const flush = () => {
    if (current.length > 0) blocks.push(current.join("\n"));
    current = [];
  };

  for (const line of lines) {
    if (fence) {
      current.push(line);
      const closing = line.match(FENCE)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length && line.trim() === closing) fence = null;
      continue;
    }
    const blank = line.trim() === "";
    if (!blank && afterBlank && current.length > 0 && !/^\s/.test(line) && !(inList && LIST_ITEM.test(line))) {
      // Keep the blank lines with the block they end, so joining the blocks gives back the text exactly.
      flush();
    }
    if (LIST_ITEM.test(line)) inList = true;
    else if (!blank && afterBlank && !/^\s/.test(line)) inList = false;
    current.push(line);
    const opening = line.match(FENCE)?.[1];
    if (opening) fence = opening;
    afterBlank = blank;
  }
  flush();
  return blocks;
}
