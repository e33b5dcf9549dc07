// What the fake OpenAI-compatible server (fake-openai.mjs) answers, as pure functions with no Node imports, so
// the integration tests (inside workerd) can compute the exact text a scenario must leave in the database.
//
// The requested model name picks the behaviour: `<behaviour>` or `<behaviour>?<params>` (URL query syntax), e.g.
// "cut?at=3" or "normal?n=40&ms=2". Any other name (a real upstream id such as "gpt-4o-mini") streams normally.

export const BEHAVIOURS = ["normal", "cut", "429", "malformed", "gone", "reasoning", "xss", "stream-error", "long", "system", "images", "stall"];

/** The markup the "xss" behaviour puts in its answer (split over two chunks, as a model might). */
export const XSS_MARKUP = "<img src=x onerror=alert(1)>";

/** Defaults; each can be overridden per request by the model name's params or per server by start options. */
export const DEFAULTS = Object.freeze({
  /** Content chunks of a normal answer. */
  tokens: 12,
  /** Milliseconds between chunks. */
  intervalMs: 5,
  /** "cut", "malformed" and "stall": how many content chunks go out before the failure (or the silence). */
  cutAt: 3,
  malformedAt: 0,
  /** "429": how many attempts of the same request are refused before one succeeds, and the advertised wait. */
  failures: 1,
  retryAfterMs: 20,
  /** "reasoning": reasoning_content chunks before the answer. */
  reasoningTokens: 3,
});

/**
 * Parses a model name into { behaviour, params }. Params: n (tokens), ms (interval), at (chunks before a cut or
 * malformed line), fails (429 refusals before success), retry (retry-after-ms), think (reasoning chunks).
 */
export function parseModel(model, defaults = DEFAULTS) {
  const text = String(model ?? "");
  const mark = text.indexOf("?");
  const name = mark === -1 ? text : text.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? "" : text.slice(mark + 1));
  const number = (key, fallback) => {
    const value = query.get(key);
    if (value === null || value === "") return fallback;
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
  };
  const behaviour = BEHAVIOURS.includes(name) ? name : "normal";
  return {
    behaviour,
    params: {
      tokens: Math.floor(number("n", defaults.tokens)),
      intervalMs: number("ms", defaults.intervalMs),
      cutAt: Math.floor(number("at", behaviour === "malformed" ? defaults.malformedAt : defaults.cutAt)),
      failures: Math.floor(number("fails", defaults.failures)),
      retryAfterMs: number("retry", defaults.retryAfterMs),
      reasoningTokens: Math.floor(number("think", defaults.reasoningTokens)),
    },
  };
}

/** The last user message's text (string content or the text parts of a multi-part content array). */
export function lastQuestion(messages) {
  const list = Array.isArray(messages) ? messages : [];
  for (let index = list.length - 1; index >= 0; index--) {
    const message = list[index];
    if (message?.role !== "user") continue;
    if (typeof message.content === "string") return message.content;
    if (Array.isArray(message.content)) {
      return message.content
        .filter((part) => part?.type === "text")
        .map((part) => part.text)
        .join(" ");
    }
  }
  return "";
}

/** Each word of the question spelled backwards: text that is in the answer and nowhere in the question. */
export function mirrorWords(question) {
  return (String(question).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((word) => [...word].reverse().join(""));
}

/**
 * The content chunks of a normal answer: exactly `count` pieces. It opens with the question's words mirrored
 * (so a search test can look for a word only the answer contains), then numbered filler words.
 */
export function answerTokens(question, count = DEFAULTS.tokens) {
  const head = ["Fake", " answer", ...mirrorWords(question).map((word) => ` ${word}`)];
  const tokens = [];
  for (let index = 0; tokens.length < count; index++) {
    tokens.push(index < head.length ? head[index] : ` word${index - head.length + 1}`);
  }
  if (count > 0) tokens[count - 1] += ".";
  return tokens;
}

/** The content chunks of the "xss" behaviour: markup a renderer must show as text, never run. */
export function xssTokens() {
  return ["Here is some markup: ", "<img src=x ", "onerror=alert(1)>", " and ", "<script>alert(2)</script>", " end."];
}

export function reasoningTokens(count = DEFAULTS.reasoningTokens) {
  return Array.from({ length: count }, (_, index) => (index === 0 ? "Thinking" : ` step${index}`));
}

/** Words of the "long" behaviour's answer: the 5,000-word answer with code blocks of decision 0019's interaction figures. */
export const LONG_ANSWER_WORDS = 5_000;

/**
 * The "long" behaviour: a Markdown document of LONG_ANSWER_WORDS words (headings, paragraphs and a fenced code block
 * every third paragraph, as a long technical answer has), cut into `count` chunks of about equal size.
 */
export function longTokens(count) {
  const pieces = [];
  let words = 0;
  const add = (text) => {
    pieces.push(text);
    words += (text.match(/\S+/g) ?? []).length;
  };
  for (let section = 1; words < LONG_ANSWER_WORDS; section++) {
    add(`## Part ${section}\n\n`);
    for (let paragraph = 1; paragraph <= 3 && words < LONG_ANSWER_WORDS; paragraph++) {
      const sentence = Array.from({ length: 60 }, (_, index) => `word${section}x${paragraph}x${index}`).join(" ");
      add(`${sentence}, with **bold**, \`inline code\` and a [link](https://example.com/${section}).\n\n`);
    }
    add(
      "```ts\n" +
        `export function step${section}(values: number[]): number {\n` +
        "  let total = 0;\n  for (const value of values) {\n    if (value > 0) total += value * 2;\n  }\n  return total;\n}\n```\n\n",
    );
  }
  const text = pieces.join("");
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)));
  const chunks = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/**
 * "images": the answer names each image part of the user messages, in order, as `IMAGE <media type> <base64 length>
 * <first 24 base64 characters>`, so a test sees exactly which pictures the model was sent (or "NO IMAGE"). Only the
 * turn's own messages carry images (the question's photo, a project's images just before it): history is sent as text.
 */
export function imageTokens(messages) {
  const users = (Array.isArray(messages) ? messages : []).filter((message) => message?.role === "user");
  const parts = users.flatMap((message) => (Array.isArray(message.content) ? message.content.filter((part) => part?.type === "image_url") : []));
  if (parts.length === 0) return ["NO IMAGE"];
  return parts.map((part) => {
    const url = String(part.image_url?.url ?? "");
    const [head, data = ""] = url.split(",", 2);
    return `IMAGE ${head.replace(/^data:/, "").replace(/;base64$/, "")} ${data.length} ${data.slice(0, 24)}\n`;
  });
}

/** Content chunks a given model name streams for a question (before any cut or malformed line). */
export function contentTokens(model, question, defaults = DEFAULTS) {
  const { behaviour, params } = parseModel(model, defaults);
  if (behaviour === "xss") return xssTokens();
  if (behaviour === "long") return longTokens(params.tokens);
  if (behaviour === "gone") return [];
  if (behaviour === "images") return ["NO IMAGE"];
  return answerTokens(question, params.tokens);
}

/**
 * A request whose messages end with an assistant message asks for that text to be continued (an answer resumed after
 * an eviction, app/.server/ai/stream.ts): the fake answers with what follows it in the answer it would have given,
 * or with nothing when the text is not that answer's beginning.
 */
export function continuationTokens(tokens, messages) {
  const last = Array.isArray(messages) ? messages.at(-1) : undefined;
  if (last?.role !== "assistant") return tokens;
  const prefix = String(last.content ?? "");
  const rest = [];
  let produced = "";
  for (const token of tokens) {
    if (produced.length >= prefix.length) rest.push(token);
    else if (produced.length + token.length > prefix.length) rest.push(token.slice(prefix.length - produced.length));
    produced += token;
  }
  return produced.startsWith(prefix) ? rest : [];
}

/** The full answer text a successful request with this model name produces. */
export function expectedAnswer(model, question, defaults = DEFAULTS) {
  return contentTokens(model, question, defaults).join("");
}

/** What is delivered before "cut" / "malformed" / "stream-error" break the stream. */
export function expectedPartial(model, question, defaults = DEFAULTS) {
  const { params } = parseModel(model, defaults);
  return contentTokens(model, question, defaults).slice(0, params.cutAt).join("");
}
