// Where on a cited page the answer's words are, to mark them there (docs/decisions/0031-documents-in-chat.md). Loaded
// with the document side panel only; the citations themselves are found by citations.ts.

export interface Span {
  start: number;
  end: number;
}

/** Lower case, without accents, curly quotes as straight ones: how two texts are compared. */
function fold(char: string): string {
  return char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
}

/** The text folded with whitespace runs as one space, and where each folded character came from in the original. */
function folded(text: string): { value: string; origin: number[] } {
  let value = "";
  const origin: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      if (value.endsWith(" ") || value === "") continue;
      value += " ";
      origin.push(index);
      continue;
    }
    for (const piece of fold(char)) {
      value += piece;
      origin.push(index);
    }
  }
  return { value, origin };
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;
/** Quoted passages shorter than this are too likely to appear by chance. */
const MIN_PHRASE = 12;

function words(text: string): Array<{ word: string; start: number; end: number }> {
  return [...text.matchAll(WORD)].map((match) => ({ word: fold(match[0]), start: match.index, end: match.index + match[0].length }));
}

/**
 * Where on the page the answer's words are: the longest of its quoted pieces ("…" marks a cut) found as written
 * (ignoring case, accents and spacing), else the stretch of the page, as long as the context, holding most of its
 * distinct words (at least half of them, and two). Null when nothing matches well enough to be worth a highlight.
 */
export function highlightPassage(pageText: string, answerContext: string): Span | null {
  const page = folded(pageText);
  const pieces = answerContext
    .split(/…|\.\.\./)
    .map((piece) => folded(piece.trim().replace(/^["“”«»]+|["“”«»]+$/g, "")).value.trim())
    .filter((piece) => piece.length >= MIN_PHRASE)
    .sort((a, b) => b.length - a.length);
  for (const piece of pieces) {
    const at = page.value.indexOf(piece);
    if (at >= 0) return { start: page.origin[at]!, end: page.origin[at + piece.length - 1]! + 1 };
  }

  const wanted = new Set(words(answerContext).map((entry) => entry.word));
  if (wanted.size === 0) return null;
  const pageWords = words(pageText);
  const size = Math.max(words(answerContext).length, 1);
  // Slide a window of the context's length over the page, counting the distinct wanted words inside it.
  const counts = new Map<string, number>();
  let distinct = 0;
  let best = { score: 0, from: 0, to: 0 };
  for (let end = 0; end < pageWords.length; end++) {
    const word = pageWords[end]!.word;
    if (wanted.has(word)) {
      const count = (counts.get(word) ?? 0) + 1;
      counts.set(word, count);
      if (count === 1) distinct++;
    }
    const start = end - size;
    if (start >= 0) {
      const leaving = pageWords[start]!.word;
      if (wanted.has(leaving)) {
        const count = counts.get(leaving)! - 1;
        counts.set(leaving, count);
        if (count === 0) distinct--;
      }
    }
    if (distinct > best.score) best = { score: distinct, from: Math.max(0, start + 1), to: end };
  }
  if (best.score < Math.min(2, wanted.size) || best.score * 2 < wanted.size) return null;
  // Trim the window to its first and last wanted word.
  let from = best.from;
  let to = best.to;
  while (from < to && !wanted.has(pageWords[from]!.word)) from++;
  while (to > from && !wanted.has(pageWords[to]!.word)) to--;
  return { start: pageWords[from]!.start, end: pageWords[to]!.end };
}
