// Does a fetched page hold the words a report quoted from it? (docs/decisions/0041-research-sources-and-exports.md,
// "Quote matching"). Both sides become a list of plain words: the page's visible text (tags, scripts, styles and
// comments dropped, entities decoded), then letters folded (case, accents, Turkish dotless i) and everything that is
// not a letter or digit (quotes, dashes, punctuation, whitespace) dropped. A quote matches when its words appear in
// order in the page with at most one in ten missing and few extra words between them.

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  hellip: "…",
  ccedil: "ç",
  Ccedil: "Ç",
  ouml: "ö",
  Ouml: "Ö",
  uuml: "ü",
  Uuml: "Ü",
  eacute: "é",
  egrave: "è",
  aacute: "á",
  agrave: "à",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  ntilde: "ñ",
  auml: "ä",
  Auml: "Ä",
  szlig: "ß",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[body] ?? (whole.endsWith(";") ? " " : whole);
  });
}

/** The text a reader sees: no scripts, styles, templates, comments or tags. */
export function visibleText(html: string): string {
  const withoutHidden = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|template|noscript|svg|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(withoutHidden);
}

/** Plain folded words: lower case, no accents, ı as i, nothing but letters and digits. */
export function plainWords(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ı/g, "i")
    .toLowerCase();
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The longest quote compared, in words: a report's quote is a sentence or two, never a page. */
const MAX_QUOTE_WORDS = 200;

/** True when the quote's words appear in order in the page's words, allowing one in ten missing. */
export function containsQuote(pageWords: readonly string[], quote: string): boolean {
  const wanted = plainWords(quote).slice(0, MAX_QUOTE_WORDS);
  if (wanted.length === 0) return false;
  const needed = Math.ceil(wanted.length * 0.9);
  const canMiss = wanted.length - needed;
  // Extra page words tolerated before each next quote word (an inserted "the", a footnote number).
  const slack = 3;
  const firstWords = new Set(wanted.slice(0, canMiss + 1));
  for (let start = 0; start < pageWords.length; start++) {
    if (!firstWords.has(pageWords[start] ?? "")) continue;
    let missed = wanted.indexOf(pageWords[start] ?? "");
    let position = start + 1;
    for (let index = missed + 1; index < wanted.length && missed <= canMiss; index++) {
      let found = -1;
      for (let look = position; look < Math.min(pageWords.length, position + slack + 1); look++) {
        if (pageWords[look] === wanted[index]) {
          found = look;
          break;
        }
      }
      if (found === -1) missed += 1;
      else position = found + 1;
    }
    if (missed <= canMiss) return true;
  }
  return false;
}
