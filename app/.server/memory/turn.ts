// Memory's part in a chat, horoscope or web-search turn, on the web and on WhatsApp (decision 0027): the system text the
// turn is sent (custom instructions, and the memories that fit the budget) and what it carries to its end (which
// memories were used, whether it may be learnt from). Called once per turn from chat/turn/inputs.ts composeTurn.
import type { Locale } from "../../lib/constants";
import type { AccountContext } from "../account/schema";
import { resources } from "../i18n";
import { memorySystemText } from "./context";
import type { MemoryUse } from "./jobs";
import { memoryOperations } from "./store";

export interface MemoryForTurn {
  /** The turn's system text: a tool's own instructions first, then memory's; undefined when both are empty. */
  instructions: (toolInstructions: string | undefined) => string | undefined;
  /** The demo provider's reply, saying which memories it was given (the real provider gets them as system text). */
  demoReply: (reply: string) => string;
  /** What the turn's runner needs when the turn ends; undefined for a turn memory has no part in. */
  turn: MemoryUse | undefined;
}

const NONE: MemoryForTurn = { instructions: (own) => own, demoReply: (reply) => reply, turn: undefined };

/** Runs inside the account's object (chat/turn/begin.ts), so the person's memories are read without a call. */
export async function memoryForTurn(
  account: AccountContext,
  who: { accountId: string; plan: string },
  request: { question: string; model: string; locale: Locale; temporary: boolean },
): Promise<MemoryForTurn> {
  // Memory belongs to accounts: a visitor's chats are neither remembered nor sent any (README "Memory").
  if (who.plan === "guest") return NONE;
  // A temporary chat gets the person's instructions, but neither reads nor feeds their memories.
  const found = memoryOperations["memory.forTurn"](account, { question: request.question, withMemories: !request.temporary });
  const system = memorySystemText(found.instructions, found.memories);
  const strings = resources[request.locale].demo;
  const given = [
    found.memories.length > 0 ? `${strings.memoriesGiven}\n\n${found.memories.map((memory) => `- ${memory.text}`).join("\n")}` : null,
    found.instructions.aboutYou || found.instructions.answerStyle ? strings.instructionsGiven : null,
  ].filter(Boolean);
  return {
    instructions: (own) => [own, system].filter(Boolean).join("\n\n") || undefined,
    demoReply: (reply) => [reply, ...given].join("\n\n"),
    turn: { used: found.memories, save: found.enabled && !request.temporary, question: request.question, model: request.model, mark: found.mark },
  };
}
