// The web search form (docs/product.md §1): a person or topic and one of the nine categories. Shared by the page and
// POST /api/chat; error messages are keys under search:validation.
import * as z from "zod";
import { SUBJECT_MAX } from "../search-options";
import { SEARCH_CATEGORIES } from "../tools";

export * from "../search-options";

export const searchInputSchema = z.object({
  subject: z.string("validation.required").trim().min(2, "validation.subjectShort").max(SUBJECT_MAX, "validation.tooLong"),
  category: z.enum(SEARCH_CATEGORIES, "validation.categoryRequired"),
});
export type SearchInput = z.infer<typeof searchInputSchema>;
