// Deep research's form limits (decision 0043), apart from its zod schemas (schemas/research.ts): the web-search page
// shows them in its form, and a page that only shows a form must not load zod before the form is used
// (tests/e2e/first-load.test.mjs, decision 0019).
export const RESEARCH_QUESTION_MAX = 500;
export const RESEARCH_PLAN_MAX = 12;
export const RESEARCH_ITEM_MAX = 300;
