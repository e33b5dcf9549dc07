// A web search turn: a person or topic and a category become instructions for gpt-4.1 (docs/product.md §9; the fast model below
// Pro) with OpenAI's web_search tool, a readable question and a thread. Offline, the demo provider says plainly that searching needs
// an OpenAI key and shows how the answer would be organised, with no facts about the subject.
import type { Locale } from "../../lib/constants";
import { canUseModel, defaultModelFor, findModel } from "../../lib/models";
import type { SearchCategory, SearchInput } from "../../lib/schemas/search";
import { escapedInline, QUESTION_SLOT } from "../chat/turn/demo";
import type { ToolTurn } from "../chat/turn/types";
import type { Plan } from "../credits";
import { fill } from "../horoscope/words";
import { resources } from "../i18n";

export const searchStrings: Record<Locale, (typeof resources)["en"]["search"]> = { en: resources.en.search, tr: resources.tr.search };
const categoryNames: Record<Locale, Record<SearchCategory, string>> = {
  en: resources.en.tools["web-search"].categories,
  tr: resources.tr.tools["web-search"].categories,
};

/** docs/product.md §9: web search defaults to gpt-4.1 (its upstream id is configurable like every model's). */
export const WEB_SEARCH_MODEL = defaultModelFor("web-search");
export const WEB_SEARCH_FAST_MODEL = "gpt-4o-mini";

/**
 * The model that answers `plan`'s searches, as the turn picks it (chat/turns.ts: the tool's model when the plan may
 * use it, else its fallback): gpt-4.1 is a Pro model, so visitors and Free accounts search with the fast one. Every
 * screen that names the search model names this one, never gpt-4.1 for a plan that does not get it (decision 0008).
 */
export function webSearchModelFor(plan: Plan): string {
  const own = findModel(WEB_SEARCH_MODEL);
  return own && canUseModel(own, plan) ? WEB_SEARCH_MODEL : WEB_SEARCH_FAST_MODEL;
}

const LANGUAGE_NAME: Record<Locale, string> = { en: "English", tr: "Turkish" };

function instructionsFor(category: SearchCategory, locale: Locale): string {
  return [
    "You are a careful research assistant with a web search tool. Search the web before answering.",
    `The user wants to know about a person or topic, focusing on: ${resources.en.search.focus[category]} (category "${categoryNames.en[category]}").`,
    "Report only what reputable public sources say, and cite them inline. Say plainly when sources disagree or when little or nothing public is found.",
    "Never guess or infer private or sensitive details (health, religion, sexuality, home address, contact details, finances of private people); if the subject seems to be a private individual, keep to what they published themselves.",
    `Answer in ${LANGUAGE_NAME[locale]}, in Markdown: a short summary first, then the findings under clear headings.`,
    "Do not add your own list of sources at the end; the app appends the cited sources.",
  ].join("\n");
}

function demoAnswer(subject: string, category: SearchCategory, locale: Locale): string {
  const s = searchStrings[locale];
  // The subject is quoted as typed; the demo states no fact about it.
  const safeSubject = escapedInline(subject);
  return [
    s.demo.label,
    fill(s.demo.youAsked, { subject: safeSubject, focus: s.focus[category] }),
    s.demo.shape,
    fill(s.demo.outline, { category: categoryNames[locale][category] }),
    s.demo.closing,
  ].join("\n\n");
}

/** With `input`, a new search (first turn of a thread); without, a follow-up in a search thread of `category`. */
export function searchTurn(options: { category: SearchCategory; input?: SearchInput; locale: Locale }): ToolTurn {
  const { category, input, locale } = options;
  const strings = searchStrings[locale];
  const turn: ToolTurn = {
    tool: "web-search",
    toolPath: category,
    action: "webSearch",
    kind: "web-search",
    fixedModel: WEB_SEARCH_MODEL,
    // gpt-4.1 is a Pro model: visitors and Free accounts search with the fast one, which has the same web_search tool.
    fallbackModel: WEB_SEARCH_FAST_MODEL,
    instructions: instructionsFor(category, locale),
    sourcesLabel: strings.sources,
    demo: { text: demoAnswer(QUESTION_SLOT, category, locale), question: "escaped" },
  };
  if (input) {
    const question = fill(strings.question, { subject: input.subject, category: categoryNames[locale][category] });
    turn.opening = { question, title: question, demo: { text: demoAnswer(input.subject, category, locale) } };
  }
  return turn;
}
