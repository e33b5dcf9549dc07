// A chat's title from its first words (docs/product.md §9: at most 50 characters), for a new turn and for an imported
// conversation alike. Imports nothing of the chat turn, so the import's modules can use it without its dependencies.
import { CHAT_TITLE_MAX } from "../../lib/constants";

/** docs/product.md §5: a title of at most 50 characters, made from the first question. */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (flat.length <= CHAT_TITLE_MAX) return flat || "…";
  const cut = flat.slice(0, CHAT_TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}
