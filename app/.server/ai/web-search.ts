// Web search through OpenAI's Responses API with its web_search tool (PROVIDERS.md "Web search: Responses API"):
// the answer's output_text deltas stream as chat deltas, the search itself shows as "thinking", and the pages the
// answer cites (url_citation annotations) become a numbered Sources list appended to the saved answer.
import OpenAI from "openai";
import type { UpstreamTarget } from "./providers";
import { clientFor, sendOptions, type ChatTurn, type SendHooks, type StreamEvent } from "./upstream";

export interface Source {
  url: string;
  title: string;
}

/** Only http(s) links, normalised; anything else a model might cite is dropped. */
function safeUrl(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Collects url_citation annotations once per URL, in the order they first appear. */
export class SourceList {
  private readonly byUrl = new Map<string, Source>();

  add(annotation: unknown) {
    if (!annotation || typeof annotation !== "object") return;
    const { type, url, title } = annotation as { type?: unknown; url?: unknown; title?: unknown };
    if (type !== "url_citation") return;
    const href = safeUrl(url);
    if (!href || this.byUrl.has(href)) return;
    this.byUrl.set(href, { url: href, title: typeof title === "string" ? title : "" });
  }

  /** Every annotation of the finished response's messages (in case a stream left some out). */
  addFromResponse(response: OpenAI.Responses.Response | undefined) {
    for (const item of response?.output ?? []) {
      if (item.type !== "message") continue;
      for (const part of item.content) if (part.type === "output_text") for (const annotation of part.annotations) this.add(annotation);
    }
  }

  get size() {
    return this.byUrl.size;
  }

  /** The cited pages, in the order first cited (deep research's search reads them: research/web-find.ts). */
  list(): Source[] {
    return [...this.byUrl.values()];
  }

  /** The list as Markdown: link text escaped, the URL's parentheses encoded so the link cannot break out. */
  toMarkdown(heading: string): string {
    const lines = [...this.byUrl.values()].map((source, index) => {
      const text = (source.title.replace(/\s+/g, " ").trim() || new URL(source.url).hostname).replace(/[\\[\]*_`<>]/g, (char) => `\\${char}`);
      const href = source.url.replace(/\(/g, "%28").replace(/\)/g, "%29").replace(/ /g, "%20");
      return `${index + 1}. [${text}](${href})`;
    });
    return `\n\n**${heading}**\n\n${lines.join("\n")}\n`;
  }
}

export async function* streamWebSearch(
  target: UpstreamTarget,
  turns: ChatTurn[],
  options: SendHooks & { signal: AbortSignal; instructions?: string; sourcesLabel: string },
): AsyncGenerator<StreamEvent> {
  const stream = await clientFor(target).responses.create(
    {
      model: target.model,
      instructions: options.instructions,
      input: turns.map((turn) => ({ role: turn.role, content: turn.content })),
      tools: [{ type: "web_search" }],
      include: ["web_search_call.action.sources"],
      stream: true,
    },
    sendOptions(options.signal, options),
  );
  const sources = new SourceList();
  let searching = false;
  for await (const event of stream) {
    switch (event.type) {
      case "response.web_search_call.in_progress":
      case "response.web_search_call.searching":
        if (!searching) {
          searching = true;
          yield { type: "thinking" };
        }
        break;
      case "response.output_text.delta":
        if (event.delta) yield { type: "text", delta: event.delta };
        break;
      case "response.output_text.annotation.added":
        sources.add(event.annotation);
        break;
      case "response.completed":
      case "response.incomplete":
        sources.addFromResponse(event.response);
        break;
      case "response.failed": {
        const failure = event.response.error;
        throw new OpenAI.APIError(undefined, failure ?? undefined, failure?.message ?? "web search failed", undefined);
      }
      case "error":
        throw new OpenAI.APIError(undefined, { code: event.code, message: event.message }, event.message, undefined);
      default:
        break;
    }
  }
  if (sources.size > 0) yield { type: "text", delta: sources.toMarkdown(options.sourcesLabel) };
}
