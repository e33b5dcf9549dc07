// Deep research's limits (decision 0043), apart from its zod schemas so the web-search page's form can show them
// without loading zod with the page (the schemas arrive when the form is used, as every form's do: lib/schemas/lazy.ts).
export const RESEARCH_QUESTION_MAX = 500;
export const RESEARCH_PLAN_MAX = 12;
export const RESEARCH_ITEM_MAX = 300;
