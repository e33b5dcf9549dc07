// What an inbound WhatsApp message asks for, read from the message alone (no database, no account): the inbox
// consumer parses it here once, then runs the one handler the command names (command-handlers.ts).
import { TURKISH_SIGN_NAMES, ZODIAC_SIGNS } from "../../lib/horoscope-options";
import { TRANSLATE_LANGUAGES, type TranslateLanguage } from "../../lib/schemas/images";
import { PROJECT_NAME_MAX } from "../../lib/projects";
import { findLinkCode } from "../../lib/whatsapp";
import type { InboxMessage } from "./inbox-message";

export type InboundCommand =
  /** A link code from the web dialog: links the sender's number, whoever they are. */
  | { kind: "link-code"; code: string }
  /** "/new": the next message starts a new conversation. */
  | { kind: "new-thread" }
  /** "/forget": memory off for the account (decision 0027); "/memory": what is kept. */
  | { kind: "memory-off" }
  | { kind: "memory-list" }
  /** "/projects" (or "/project" alone): the account's projects; "/project <name>": continue in one (decision 0038-projects). */
  | { kind: "projects-list" }
  | { kind: "project-choose"; name: string }
  /** A photo to translate; `language` null means the account's language. */
  | { kind: "photo-translate"; mediaId: string; language: TranslateLanguage | null }
  /** A photo to talk about, with its caption as the question (a default question when there is none). */
  | { kind: "photo-chat"; mediaId: string; text: string }
  | { kind: "voice-note"; mediaId: string }
  /** "/image <description>". */
  | { kind: "image"; prompt: string }
  /** "/horoscope <sign>"; `sign` null when the word is not a sign. */
  | { kind: "horoscope"; sign: string | null }
  /** Anything that is not a task in `tasks` mode (decision 0010), or a message type chat cannot take. */
  | { kind: "menu"; reply: "tasksMenu" | "unsupported" }
  | { kind: "chat"; text: string };

/**
 * A caption asking for photo translate: "translate", optionally with a language code ("translate de"). Null when it
 * is not one; `language` is left out when none (or none we translate into) was named: the account's language then.
 */
function translateRequest(caption: string | undefined): { language?: TranslateLanguage } | null {
  const match = /^\s*(?:translate|çevir)\b\s*(?:to\s+|into\s+)?([a-z]{2,3}(?:-[a-z]{4})?)?\s*$/i.exec(caption ?? "");
  if (!match) return null;
  const asked = match[1]?.toLowerCase();
  const known = TRANSLATE_LANGUAGES.find((code) => code.toLowerCase() === asked);
  return known ? { language: known } : {};
}

/** The sign a "/horoscope" names, in English or Turkish ("/horoscope aslan" as well as "/horoscope leo"). */
function signFrom(words: string): string | null {
  const word = words.trim().toLocaleLowerCase("tr").split(/\s+/)[0] ?? "";
  const english = word.toLocaleLowerCase("en");
  return (ZODIAC_SIGNS as readonly string[]).includes(english) ? english : (TURKISH_SIGN_NAMES[word] ?? null);
}

/** The command `message` carries; `tasksOnly` is the deployment's `tasks` mode (decision 0010). First match wins. */
export function parseCommand(message: InboxMessage, tasksOnly: boolean): InboundCommand {
  const words = (message.type === "text" ? message.text : message.image?.caption) ?? "";
  const text = words.trim();
  const code = findLinkCode(words);
  if (code) return { kind: "link-code", code };
  if (text.toLowerCase() === "/new") return { kind: "new-thread" };
  if (text.toLowerCase() === "/forget") return { kind: "memory-off" };
  if (text.toLowerCase() === "/memory") return { kind: "memory-list" };

  // Turkish names too ("/projeler", "/proje"); in `tasks` mode there is no chat to continue, so they get the menu.
  const project = /^\/(?:projects?|projeler|proje)(?:\s+([\s\S]*))?$/i.exec(text);
  if (project && message.type === "text" && !tasksOnly) {
    // Bounded (it is echoed in the reply when no project has it), with room for the extra spaces a phone may type.
    const name = project[1]?.trim() ?? "";
    return name ? { kind: "project-choose", name: name.slice(0, PROJECT_NAME_MAX * 2) } : { kind: "projects-list" };
  }

  if (message.type === "image" && message.image) {
    const translate = translateRequest(message.image.caption);
    // In `tasks` mode a photo is always a translation: chat about it is not offered.
    if (translate || tasksOnly) return { kind: "photo-translate", mediaId: message.image.mediaId, language: translate?.language ?? null };
    return { kind: "photo-chat", mediaId: message.image.mediaId, text };
  }
  if (message.type === "audio" && message.audio && !tasksOnly) return { kind: "voice-note", mediaId: message.audio.mediaId };

  const slash = /^\/(image|horoscope)\b\s*([\s\S]*)$/i.exec(text);
  const name = slash?.[1]?.toLowerCase();
  const rest = slash?.[2]?.trim() ?? "";
  // "/image" with nothing to draw is not a task: it falls through to chat (or the menu), as any other text.
  if (name === "image" && rest) return { kind: "image", prompt: rest.slice(0, 1000) };
  if (name === "horoscope") return { kind: "horoscope", sign: signFrom(rest) };

  if (message.type !== "text" || !text || tasksOnly) return { kind: "menu", reply: tasksOnly ? "tasksMenu" : "unsupported" };
  return { kind: "chat", text };
}
