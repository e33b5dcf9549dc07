// A tool's demo reply as data (docs/decisions/0009): the tool writes it when the route builds the turn, and the
// account's object fills in what only it knows once it has read the thread and the upload, the question answered and
// what the demo could read from the turn's photo. A plain value, so it crosses RPC as is (a function would arrive as
// a stub, and each use would be a call back to the route).
import type { Locale } from "../../../lib/constants";
import { photoLine } from "../../horoscope/words";
import { photoFacts } from "../../images/photo-facts";

/** Where the question answered goes in a demo reply's text. */
export const QUESTION_SLOT = "\uE000question\uE000";

export interface DemoReply {
  /** The reply's Markdown; with `question`, it holds QUESTION_SLOT. */
  text: string;
  /** How the question fills QUESTION_SLOT: inside a Markdown quote block, or escaped inline. */
  question?: "quoted" | "escaped";
  /**
   * A reading of a photo (the coffee cup, decision 0030): the text says `unread` (the demo could not read the photo),
   * replaced by what it read from the turn's photo, in `locale`, when it can.
   */
  photo?: { unread: string; locale: Locale };
}

/** The text inline, with the Markdown that would format it escaped: shown as typed. */
export const escapedInline = (text: string) => text.replace(/[\\*_`[\]<>]/g, (char) => `\\${char}`);

/** The demo reply's text for the question answered and the image the turn sends (a `data:` URL), if any. */
export function demoText(reply: DemoReply, question: string, image: string | undefined): string {
  let text = reply.text;
  if (reply.question) text = text.replace(QUESTION_SLOT, () => (reply.question === "quoted" ? question.split("\n").join("\n> ") : escapedInline(question)));
  const facts = reply.photo && image ? photoFacts(image) : null;
  if (reply.photo && facts) {
    const at = text.lastIndexOf(reply.photo.unread);
    if (at >= 0) text = text.slice(0, at) + photoLine(facts, reply.photo.locale) + text.slice(at + reply.photo.unread.length);
  }
  return text;
}
