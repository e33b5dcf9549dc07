// The chat model answers in Markdown, but WhatsApp has its own small markup (*bold*, _italic_, ~strike~, `code`,
// ```block```, "> quote") and shows everything else literally, and a text message holds at most 4096 characters.
// Pure functions so the inbox consumer and the unit tests share exactly one behaviour.

// Private-use characters mark spans already in their final form, so later rules never rewrite them (code, URLs).
const HOLD = /\uE000(\d+)\uE001/g;
// Stands in for a bold marker until single-star italics are converted, so "**" is never read as two italics.
const BOLD = "\uE002";

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const QUOTE = /^[ \t]*>[ \t>]*(.*)$/;
const BULLET = /^([ \t]*)[-*+][ \t]+(.*)$/;
const ORDERED = /^([ \t]*)(\d{1,9})[.)][ \t]+(.*)$/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

export function toWhatsAppText(markdown: string): string {
  const held: string[] = [];
  // Saved values never contain markers themselves, so one restoring pass is enough and code stays byte for byte.
  const hold = (value: string) => `\uE000${held.push(value.replace(HOLD, (_, i: string) => held[Number(i)] ?? "")) - 1}\uE001`;

  const inline = (text: string): string =>
    text
      .replace(/\\([\\`*_{}[\]()#+\-.!~|>])/g, (_, char: string) => hold(char))
      .replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (whole, _ticks: string, code: string) =>
        // WhatsApp's inline code is one backtick on each side and cannot contain one.
        hold(code.includes("`") ? whole : `\`${code.trim()}\``),
      )
      .replace(/!\[([^\]]*)\]\(<?([^)\s>]+)>?(?:[ \t]+"[^"]*")?\)/g, (_, alt: string, url: string) =>
        alt.trim() ? `${alt.trim()} ${hold(`(${url})`)}` : hold(url),
      )
      .replace(/\[([^\]]+)\]\(<?([^)\s>]+)>?(?:[ \t]+"[^"]*")?\)/g, (_, label: string, url: string) =>
        label.trim() === url || label.trim() === url.replace(/^mailto:/, "") ? hold(url) : `${label.trim()} ${hold(`(${url})`)}`,
      )
      // URLs are held as they are: their "_" and "*" must not turn into formatting.
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, (_, url: string) => hold(url))
      .replace(/\bhttps?:\/\/[^\s<>()\uE000]+[^\s<>().,;:!?'"\uE000]/g, (url) => hold(url))
      .replace(/\*\*([^\s*](?:[^\n]*?[^\s])?)\*\*/g, `${BOLD}$1${BOLD}`)
      .replace(/(^|[^\w])__([^\s_](?:[^\n]*?[^\s_])?)__(?!\w)/g, `$1${BOLD}$2${BOLD}`)
      .replace(/(^|[^\w*])\*([^\s*](?:[^*\n]*[^\s*])?)\*(?![\w*])/g, "$1_$2_")
      .replace(/~~([^\s~](?:[^\n]*?[^\s~])?)~~/g, "~$1~")
      .replaceAll(BOLD, "*");

  const lines = markdown
    .replace(/\r\n?/g, "\n")
    .replace(/[\uE000-\uE002]/g, "")
    .split("\n");
  const out: string[] = [];
  // Indentation columns of the open list levels: models indent nested items by 2, 3 or 4 spaces, WhatsApp gets 2.
  let levels: number[] = [];
  const listPad = (indent: string) => {
    const width = indent.replace(/\t/g, "    ").length;
    while (levels.length && (levels.at(-1) ?? 0) > width) levels.pop();
    if (!levels.length || (levels.at(-1) ?? 0) < width) levels.push(width);
    return "  ".repeat(levels.length - 1);
  };

  const block = (line: string): string => {
    if (!line.trim()) return "";
    if (RULE.test(line)) {
      levels = [];
      return "";
    }
    const heading = HEADING.exec(line);
    if (heading) {
      levels = [];
      // The whole heading is bold already; bold inside it would close the outer stars early.
      const title = inline((heading[1] ?? "").replace(/\*\*|__/g, "")).trim();
      return title ? `*${title}*` : "";
    }
    const quote = QUOTE.exec(line);
    if (quote) return `> ${block(quote[1] ?? "")}`.trimEnd();
    const bullet = BULLET.exec(line);
    if (bullet) return `${listPad(bullet[1] ?? "")}• ${inline(bullet[2] ?? "")}`;
    const ordered = ORDERED.exec(line);
    if (ordered) return `${listPad(ordered[1] ?? "")}${ordered[2]}. ${inline(ordered[3] ?? "")}`;
    if (!/^[ \t]/.test(line)) levels = [];
    return inline(line.trim());
  };

  const tableRow = (row: string) =>
    row
      .trim()
      .replace(/^\|/, "")
      .replace(/(?<!\\)\|$/, "")
      .split(/(?<!\\)\|/)
      .map((cell) => inline(cell.trim()))
      .join(" | ");

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      const [, indent = "", marker = "```"] = fence;
      const body: string[] = [];
      // An unclosed fence (a cut-off answer) runs to the end, as Markdown renders it.
      while (++index < lines.length) {
        const inner = lines[index] ?? "";
        if (new RegExp(`^[ \\t]*${marker[0]}{${marker.length},}[ \\t]*$`).test(inner)) break;
        body.push(inner.startsWith(indent) ? inner.slice(indent.length) : inner.trimStart());
      }
      out.push(hold(`\`\`\`\n${body.join("\n")}\n\`\`\``));
      continue;
    }
    if (line.includes("|") && (lines[index + 1] ?? "").includes("|") && TABLE_SEPARATOR.test(lines[index + 1] ?? "")) {
      // WhatsApp cannot draw tables: one line per row keeps the columns readable; the ---|--- row means nothing.
      levels = [];
      out.push(tableRow(line));
      index += 1;
      while ((lines[index + 1] ?? "").includes("|") && (lines[index + 1] ?? "").trim()) out.push(tableRow(lines[++index] ?? ""));
      continue;
    }
    out.push(block(line).trimEnd());
  }

  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(HOLD, (_, i: string) => held[Number(i)] ?? "");
}

// Where a long answer may be cut, best first: between paragraphs, between lines, after a sentence, between words.
// `after` keeps the matched punctuation in the earlier part.
const CUTS: ReadonlyArray<{ at: RegExp; after: boolean }> = [
  { at: /\n[ \t]*\n/g, after: false },
  { at: /\n/g, after: false },
  { at: /[.!?](?=\s)|。/g, after: true },
  { at: /\s/g, after: false },
];
const FENCE_LINE = /^[ \t]*(?:```|~~~).*$/gm;
const CLOSE = "\n```";

/** The last allowed cut at or before `budget`, preferring a good kind of cut over a long part, or 0. */
function pickCut(text: string, budget: number, allowed: (cut: number) => boolean, secondHalfOnly = false): number {
  // A cut in the first half would waste most of a message, so first look only in the second half.
  for (const least of secondHalfOnly ? [budget / 2] : [budget / 2, 1]) {
    for (const { at, after } of CUTS) {
      let best = 0;
      for (const match of text.matchAll(at)) {
        const cut = match.index + (after ? match[0].length : 0);
        if (cut > budget) break;
        if (cut >= least && allowed(cut)) best = cut;
      }
      if (best) return best;
    }
  }
  return 0;
}

/** Never end a part on the first half of a surrogate pair (it would arrive as two broken characters). */
function hardCut(text: string, budget: number): number {
  const code = text.charCodeAt(budget - 1);
  return code >= 0xd800 && code <= 0xdbff ? budget - 1 : budget;
}

/** Cuts text into trimmed pieces of at most `budget` characters, keeping code fences balanced in every piece. */
function chunk(text: string, budget: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > budget) {
    // [start of the opening fence line, its end, end of the closing fence line]; an unclosed fence runs to the end.
    const fences = [...rest.matchAll(FENCE_LINE)];
    const spans: Array<[number, number, number]> = [];
    for (let i = 0; i < fences.length; i += 2) {
      const open = fences[i]!;
      const close = fences[i + 1];
      spans.push([open.index, open.index + open[0].length, close ? close.index + close[0].length : Infinity]);
    }
    const inside = (cut: number) => spans.find(([start, , end]) => start < cut && cut < end);
    const span = inside(hardCut(rest, budget));
    // A code block longer than any part gets cut anyway: fill this part rather than send the text before it alone.
    const oversized = span !== undefined && span[2] - span[0] > budget;
    let cut = pickCut(rest, budget, (at) => !inside(at), oversized);
    if (!cut && span && hardCut(rest, budget - CLOSE.length) > span[1] + 1) {
      // A code block longer than a part: cut it at a line if possible, close it here and reopen it in the next part.
      // The cut must leave code after the opening line, or the next part would be no shorter than this one.
      const room = budget - CLOSE.length;
      cut = pickCut(rest, room, (at) => at > span[1] + 1 && inside(at) === span) || hardCut(rest, room);
      parts.push(rest.slice(0, cut).trimEnd() + CLOSE);
      rest = "```\n" + rest.slice(cut).replace(/^\n/, "");
      continue;
    }
    cut ||= hardCut(rest, budget);
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts.filter(Boolean);
}

/**
 * Splits a reply into WhatsApp messages of at most `limit` characters (UTF-16 units, as Meta counts), each
 * numbered "(i/n) " when there is more than one so the reader knows more is coming and in which order.
 */
export function splitForWhatsApp(text: string, limit = 4096): string[] {
  if (text.length <= limit) return [text];
  // The prefix's length depends on how many parts there are, which depends on the room the prefix leaves.
  let total = Math.ceil(text.length / limit);
  for (;;) {
    const budget = limit - `(${total}/${total}) `.length;
    if (budget < 16) throw new RangeError(`splitForWhatsApp: limit ${limit} leaves no room for text`);
    const bodies = chunk(text, budget);
    if (bodies.length <= 1) return bodies;
    if (String(bodies.length).length <= String(total).length) return bodies.map((body, i) => `(${i + 1}/${bodies.length}) ${body}`);
    total = bodies.length;
  }
}
