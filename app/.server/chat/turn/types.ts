// What a tool adds to a chat turn, and the turn as the account's object runs it: the plain shapes every entry point
// (web route, WhatsApp, the horoscope and web-search tools) fills in, apart from the modules that run the turn so
// those tools can name them without importing them. Everything here is data: it crosses RPC into the object as is.
import type { CreditAction } from "../../../lib/constants";
import type { ChatTarget } from "../../ai/providers";
import type { ChatTurn } from "../../ai/upstream";
import type { MemoryUse } from "../../memory/jobs";
import type { TurnWrites } from "../messages";
import type { DemoReply } from "./demo";

/**
 * What a tool (horoscope, web search) adds to a turn. Everything here is built on the server from the tool's
 * validated input; the client only names the tool and sends the form.
 */
export interface ToolTurn {
  tool: "horoscope" | "web-search";
  /** The horoscope type or search category: a thread continues only with the same tool and path. */
  toolPath: string;
  /** The credit action charged for each turn of this tool. */
  action: CreditAction;
  /** System text for the model (facts computed on the server, the tool's rules, the answer language). */
  instructions: string;
  /** "web-search": the Responses API with its web_search tool, and the cited sources appended to the answer. */
  kind: "chat" | "web-search";
  /** The tool's own model (web search: gpt-4.1, docs/product.md §9), used instead of the request's when the plan allows it. */
  fixedModel?: string;
  /** What the tool answers with for a plan that may not use `fixedModel` (a fast model), instead of refusing. */
  fallbackModel?: string;
  /** A first turn made from the tool's form: the question saved and sent, the thread title, and the demo reply. */
  opening?: { question: string; title: string; demo: DemoReply };
  /**
   * The upload the first turn's question carries to the model (the coffee reading's cup photo, decision 0030). Such a
   * turn needs a vision model: another one gives way to `fallbackModel`.
   */
  photoId?: string;
  /** The demo provider's reply to any later turn (follow-up, regenerate, edit), its question filled in the object. */
  demo: DemoReply;
  /** The heading of the sources list appended to a web search answer, in the user's language. */
  sourcesLabel?: string;
}

/** A turn as the route hands it to the account's object: its ids, its charge, the model call, and its rows. */
export interface TurnStart {
  messageId: string;
  threadId: string;
  ownerId: string;
  creditKey: string;
  target: ChatTarget;
  turns: ChatTurn[];
  reasoning: boolean;
  demoReply?: string;
  /** "web-search": the Responses API with its web_search tool (app/.server/ai/web-search.ts); default "chat". */
  kind?: "chat" | "web-search";
  /** System text built on the server for a tool's turn. */
  instructions?: string;
  /** Heading of the sources list a web search answer ends with. */
  sourcesLabel?: string;
  /** The turn's rows, written while the upstream call is already under way. */
  writes: TurnWrites;
  /** Memory's part in the turn (decision 0027): the memories it was sent, and whether it is learnt from when it ends. */
  memory?: MemoryUse;
  /** A temporary chat (decision 0027): nothing of the turn is written, neither rows nor memory. */
  temporary?: boolean;
}
