// One handler per inbound command (commands.ts), each saying what it needs first: nothing (a link code links
// whoever sends it), a linked account ("/new"), or a linked Pro account (everything else: WhatsApp chat and tasks
// are part of Pro, docs/product.md §6). The gates run in that order, so an unlinked number is told how to link and
// a Free account how to upgrade, and nothing is charged. The link, account and plan come from what the number's object
// knows while it is fresh, else from D1, then told to the object (decision 0036).
import { planForUser } from "../billing/subscriptions";
import { memoryPage, setMemoryEnabled } from "../memory/settings";
import type { AppConfig, AppEnv } from "../env";
import { answerWithChat, startNewConversation } from "./chat";
import type { InboundCommand } from "./commands";
import type { InboxMessage } from "./inbox-message";
import { findLink, linkedAccount, linkWithCode, type WhatsAppLink } from "./linking";
import type { NumberObject } from "./number";
import type { KnownLink, LinkedUser } from "./number-object";
import { chooseProject, replyWithProjects } from "./projects";
import { replyText, sendReply, type Conversation } from "./replies";
import { startImage, startPhotoTranslate, storeIncomingPhoto } from "./tasks";
import { answerVoiceNote } from "./voice-notes";

/** One message being answered: where replies go and what the deployment allows. */
export interface Inbound {
  env: AppEnv;
  config: AppConfig;
  message: InboxMessage;
  conversation: Conversation;
  /** The app's address for links in replies. */
  origin: string;
  /** What the number's object knew of the link, if still fresh (number-object.ts). */
  known: KnownLink | null;
}
export interface LinkedInbound extends Inbound {
  link: WhatsAppLink;
  user: LinkedUser;
  plan: "free" | "pro";
}
export interface ProInbound extends LinkedInbound {
  owner: { accountId: string; plan: "pro" };
}

/** How the message ends: answered, or failed with an error code kept on its row. */
export type Outcome = { status: "done" } | { status: "failed"; errorCode: string };
const DONE: Outcome = { status: "done" };

type Handler<C> =
  | { needs: "nothing"; run: (inbound: Inbound, command: C) => Promise<Outcome> }
  | { needs: "link"; run: (inbound: LinkedInbound, command: C) => Promise<Outcome> }
  | { needs: "pro"; run: (inbound: ProInbound, command: C) => Promise<Outcome> };
type CommandOf<K extends InboundCommand["kind"]> = Extract<InboundCommand, { kind: K }>;

const handlers: { [K in InboundCommand["kind"]]: Handler<CommandOf<K>> } = {
  "link-code": {
    needs: "nothing",
    async run({ env, message, conversation, origin }, { code }) {
      const linked = await linkWithCode(env, code, message.from, Date.now(), { answering: message.id });
      if (!linked.ok) {
        await sendReply(conversation, "badCode", { origin });
        return DONE;
      }
      conversation.locale = linked.user.locale;
      const now = Date.now();
      const plan = await planForUser(env, linked.user, now);
      // The first link of a number is D1's (the allowed exception); from here the object knows it.
      await conversation.number.remember({ link: linked.link, user: linkedUser(linked.user), plan, at: now });
      await sendReply(conversation, plan === "pro" ? "linked" : "linkedFree", { name: linked.user.displayName, link: `${origin}/payment` });
      return DONE;
    },
  },
  "new-thread": {
    needs: "link",
    async run({ env, conversation, link }) {
      // Out of any project "/project" chose, too (decision 0038-projects).
      await startNewConversation(env, conversation, link, null);
      await sendReply(conversation, "newThread");
      return DONE;
    },
  },
  // Memory is the account's own data, not part of Pro: a linked number may turn it off or see it (decision 0027).
  "memory-off": {
    needs: "link",
    async run({ env, conversation, user, origin }) {
      await setMemoryEnabled(env, user.id, false);
      await sendReply(conversation, "memoryOff", { link: `${origin}/settings/memory` });
      return DONE;
    },
  },
  "memory-list": {
    needs: "link",
    async run({ env, conversation, user, origin }) {
      const { settings, memories } = await memoryPage(env, user.id, user.locale);
      const link = `${origin}/settings/memory`;
      const list = memories.map((memory) => `• ${memory.text}`).join("\n");
      if (memories.length === 0) await sendReply(conversation, "memoryEmpty", { link });
      else await sendReply(conversation, settings.enabled ? "memoryList" : "memoryListOff", { list, link });
      return DONE;
    },
  },
  // Continuing in a project is chat, so it is Pro as chat is (docs/product.md §6).
  "projects-list": {
    needs: "pro",
    async run(inbound) {
      await replyWithProjects(inbound);
      return DONE;
    },
  },
  "project-choose": {
    needs: "pro",
    async run(inbound, { name }) {
      await chooseProject(inbound, name);
      return DONE;
    },
  },
  "photo-translate": {
    needs: "pro",
    async run({ env, config, conversation, user, owner }, { mediaId, language }) {
      const uploadId = await storeIncomingPhoto(env, conversation, owner, mediaId);
      if (!uploadId) return { status: "failed", errorCode: "whatsapp/media" };
      await startPhotoTranslate(env, config, conversation, owner, uploadId, language ?? user.locale);
      return DONE;
    },
  },
  "photo-chat": {
    needs: "pro",
    async run({ env, config, conversation, link, user, owner }, { mediaId, text }) {
      const uploadId = await storeIncomingPhoto(env, conversation, owner, mediaId);
      if (!uploadId) return { status: "failed", errorCode: "whatsapp/media" };
      await answerWithChat(env, config, conversation, owner, link, { text: text || (await replyText(user.locale, "describePhoto")), attachmentId: uploadId });
      return DONE;
    },
  },
  "voice-note": {
    needs: "pro",
    async run({ env, config, conversation, link, owner }, { mediaId }) {
      await answerVoiceNote(env, config, conversation, owner, link, mediaId);
      return DONE;
    },
  },
  image: {
    needs: "pro",
    async run({ env, config, conversation, owner }, { prompt }) {
      await startImage(env, config, conversation, owner, prompt);
      return DONE;
    },
  },
  horoscope: {
    needs: "pro",
    async run({ env, config, conversation, link, owner }, { sign }) {
      if (!sign) await sendReply(conversation, "badSign");
      else await answerWithChat(env, config, conversation, owner, link, { text: "", horoscopeSign: sign });
      return DONE;
    },
  },
  menu: {
    needs: "pro",
    async run({ conversation }, { reply }) {
      await sendReply(conversation, reply);
      return DONE;
    },
  },
  chat: {
    needs: "pro",
    async run({ env, config, conversation, link, owner }, { text }) {
      await answerWithChat(env, config, conversation, owner, link, { text });
      return DONE;
    },
  },
};

/** What answering needs of an account (number-object.ts keeps no more of it). */
function linkedUser(user: LinkedUser): LinkedUser {
  return { id: user.id, locale: user.locale, displayName: user.displayName, accessLevel: user.accessLevel };
}

/**
 * What D1 says about `phone`'s link now (its link, its account unless disabled or being deleted, and its plan), told
 * to the number's object: read on a number's first message and when what the object knew has expired.
 */
async function lookUpLink(env: AppEnv, number: NumberObject, phone: string, now = Date.now()): Promise<KnownLink> {
  const link = await findLink(env, phone);
  const user = link ? await linkedAccount(env, link.userId) : null;
  const known: KnownLink = link && user ? { link, user: linkedUser(user), plan: await planForUser(env, user, now), at: now } : { link: null, at: now };
  await number.remember(known);
  return known;
}

/** The sender's link and account, or null once they have been told how to link. */
async function linkedInbound(inbound: Inbound): Promise<LinkedInbound | null> {
  const { env, message, conversation, origin } = inbound;
  const known = inbound.known ?? (await lookUpLink(env, conversation.number, message.from));
  if (!known.link) {
    await sendReply(conversation, "howToLink", { origin });
    return null;
  }
  conversation.locale = known.user.locale;
  return { ...inbound, link: known.link, user: known.user, plan: known.plan };
}

/** The linked account's owner if its plan is Pro, or null once they have been told how to upgrade. */
async function proInbound(inbound: LinkedInbound): Promise<ProInbound | null> {
  if (inbound.plan !== "pro") {
    await sendReply(inbound.conversation, "needsPro", { link: `${inbound.origin}/payment` });
    return null;
  }
  return { ...inbound, owner: { accountId: inbound.user.id, plan: "pro" } };
}

/** Runs `command`'s handler once what it needs is there; a refusal on the way is a reply, and the message is done. */
export async function runCommand<K extends InboundCommand["kind"]>(inbound: Inbound, command: CommandOf<K>): Promise<Outcome> {
  const handler: Handler<CommandOf<K>> = handlers[command.kind as K];
  if (handler.needs === "nothing") return handler.run(inbound, command);
  const linked = await linkedInbound(inbound);
  if (!linked) return DONE;
  if (handler.needs === "link") return handler.run(linked, command);
  const pro = await proInbound(linked);
  return pro ? handler.run(pro, command) : DONE;
}
