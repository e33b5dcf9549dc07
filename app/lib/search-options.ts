// The web search form's limits (docs/product.md §1), without zod: the page needs them to paint, while the form's schema
// (schemas/search.ts, which re-exports these) is loaded only when the form is first used.
import { SEARCH_CATEGORIES } from "./tools";

export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
export const SUBJECT_MAX = 120;

export function isSearchCategory(value: string | null | undefined): value is SearchCategory {
  return (SEARCH_CATEGORIES as readonly string[]).includes(value ?? "");
}
