// What a turn is sent from the account's memory (decision 0027): the person's custom instructions, verbatim,
// and the memories that fit a fixed token budget. All of them while they fit; past that, the best full-text matches
// for the question and then the most recent ones, each whole or not at all (never cut mid-sentence).
import type { MemoryRef } from "../../lib/memory";

/** The most the memories may add to a turn's prompt, in estimated tokens (the bench reports the figure). */
export const MEMORY_TOKEN_BUDGET = 600;
/** How many candidates each way (matches, most recent) are read when not all memories fit. */
export const MEMORY_CANDIDATES = 40;

/**
 * A conservative token estimate with no tokenizer in the Worker: about three characters a token (English runs near
 * four, Turkish nearer three), plus one for the list mark and line break each memory takes.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3) + 1;
}

/** The candidates that fit `budget`, in order; one that does not fit is left out whole and smaller ones still may. */
export function withinBudget(candidates: MemoryRef[], budget = MEMORY_TOKEN_BUDGET): MemoryRef[] {
  const chosen: MemoryRef[] = [];
  const seen = new Set<string>();
  let spent = 0;
  for (const memory of candidates) {
    if (seen.has(memory.id)) continue;
    const cost = estimateTokens(memory.text);
    if (spent + cost > budget) continue;
    seen.add(memory.id);
    chosen.push(memory);
    spent += cost;
  }
  return chosen;
}

/** The words of a question as an FTS5 query matching any of them (quoted, so nothing in it is query syntax). */
export function searchQuery(question: string): string | null {
  const words = [...new Set((question.toLocaleLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 24))];
  return words.length > 0 ? words.map((word) => `"${word}"`).join(" OR ") : null;
}

export interface CustomInstructions {
  aboutYou: string;
  answerStyle: string;
}

/** The system text memory adds to a turn, or null when there is nothing to add. Instructions and memories go in verbatim. */
export function memorySystemText(instructions: CustomInstructions | null, memories: MemoryRef[]): string | null {
  const parts: string[] = [];
  if (instructions?.aboutYou) parts.push(`What the person wants you to know about them (their own words):\n${instructions.aboutYou}`);
  if (instructions?.answerStyle) parts.push(`How the person wants you to answer (their own words):\n${instructions.answerStyle}`);
  if (memories.length > 0) {
    parts.push(
      "What you remember about the person from earlier conversations (use it where it helps; do not list it back unasked):\n" +
        memories.map((memory) => `- ${memory.text}`).join("\n"),
    );
  }
  return parts.length > 0 ? parts.join("\n\n") : null;
}
