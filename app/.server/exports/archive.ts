// What "Download my data" puts in the ZIP (decision 0018), written file by file into a streaming archive:
//   account.json                  name, email, dates, plan, login connections (provider and address, never secrets)
//   chats/<date>-<title>-<id>.md   every chat (web, horoscope, web search, WhatsApp) as the thread export makes it,
//   chats/<date>-<title>-<id>.json and the same as JSON; read in pages of a few MB and streamed, whatever the length
//   memory-notes.json             under each answer, the memories it was sent and those it saved, with its chat file
//   uploads/uploads.json          every uploaded photo: what it was for (chat photo, tool source, profile photo), its chat
//   uploads/<date>-<kind>-<id>.<ext>  the photo itself, streamed from R2
//   translations/translations.json  every finished photo translation: languages, text blocks, its source photo
//   creations/creations.json      every gallery creation: tool, description, model, settings, date, its file name
//   creations/<date>-<tool>-<id>.<ext>  the picture itself, streamed from R2
//   voice-notes/voice-notes.json  every WhatsApp voice note kept in a chat: its transcript, length, date and chat file
//   voice-notes/<date>-<id>.<ext> the voice note itself, streamed from R2 (decision 0025)
//   documents/documents.json      every document attached in chat: name, type, pages, state, its chat (decision 0031)
//   documents/<date>-<id>-<name>  the document itself, and <date>-<id>-text.txt its extracted text page by page
//   projects/<name>-<id>/project.json  each project: name, marks, kept apart, its chats' and files' archive paths
//   projects/<name>-<id>/instructions.md  the project's instructions (decision 0038-projects)
//   schedules.json                every schedule: prompt, tool, rule, zone, delivery, its chat file and its run history
//   horoscope/readings.json       the horoscope readings (type, title, date) and which chat files hold them
//   horoscope/birth-profile.json  the birth date, time and place entered for the birth chart (or null)
//   memory.json                   the memory switch, the custom instructions and every memory with its source (decision 0027)
//   notifications.json            each device that allowed notifications (name, push service, dates) and the switches
//   share-links.json              every shared chat: its chat file, link, title, whether it shows the name, dates
//   whatsapp.json                 the linked WhatsApp number (whole: it is the person's) and its dates, or null
//   sign-in/passkeys.json         each passkey's name and dates (never its credential or key)
//   sign-in/sessions.json         each session's device, browser and dates (never its token or id)
//   plan/subscriptions.json       the current plan and the subscription history
import { asc, eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/constants";
import { inAccount } from "../account/client";
import { isDemoMode } from "../ai/providers";
import type { ExportLabels } from "../chat/export";
import { writeDocuments } from "../documents/export";
import { writeProjects } from "../projects/export";
import { writeSchedules } from "../schedules/export";
import { getDb, schema } from "../db";
import { toBirthProfile } from "../horoscope/birth-profile";
import { memoryExport } from "../memory/settings";
import type { AppEnv } from "../env";
import { resources } from "../i18n";
import { writeChats, writeMemoryNotes } from "./chats";
import { signInRows, writeSignInRows } from "./sign-in";
import { parsedJson, writeTranslations, writeUploads } from "./uploads";
import type { StreamingZip } from "./zip-writer";
import { isoDay, isoTime, jsonFile } from "./archive-format";

const extensionFor: Record<string, string> = { "image/svg+xml": "svg", "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

function labelsFor(env: AppEnv, locale: Locale): ExportLabels {
  const strings = resources[locale].chat;
  return { you: strings.export.you, assistant: strings.export.assistant, demoModel: isDemoMode(env) ? strings.demoModel : null };
}

/**
 * Everything the archive lists, read before writing so progress can be counted against a known total: the account's
 * own rows from its object in one call (exports/operations.ts), its sign-in and billing rows from D1.
 */
export async function collectInventory(env: AppEnv, ownerId: string) {
  const db = getDb(env);
  const [own, connections, subscriptions, signIn] = await Promise.all([
    inAccount(env, ownerId, "dataExports.inventory"),
    db
      .select({
        provider: schema.loginConnections.provider,
        email: schema.loginConnections.email,
        verified: schema.loginConnections.verified,
        createdAt: schema.loginConnections.createdAt,
      })
      .from(schema.loginConnections)
      .where(eq(schema.loginConnections.userId, ownerId))
      .orderBy(asc(schema.loginConnections.createdAt)),
    db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, ownerId)).orderBy(asc(schema.subscriptions.createdAt)),
    signInRows(env, ownerId),
  ]);
  return { ...own, connections, subscriptions, signIn };
}

type Inventory = Awaited<ReturnType<typeof collectInventory>>;

/** Steps the progress figure counts: the fixed files, one per chat, upload, picture, voice note and document. */
export function stepCount(inventory: Inventory): number {
  const { threads, uploads, images, voiceNotes, documents } = inventory;
  return 3 + threads.length + uploads.length + images.length + voiceNotes.length + documents.length;
}

/**
 * Writes the archive's files. `step` is called after each counted step (the consumer turns it into the page's
 * percentage). A picture deleted while the export runs is left out, not an error; a thread deleted meanwhile is
 * kept with the messages it still has.
 */
export async function writeArchive(
  env: AppEnv,
  user: User,
  inventory: Inventory,
  { zip, origin }: { zip: StreamingZip; origin: string },
  step: () => Promise<void>,
): Promise<void> {
  const now = Date.now();
  await zip.addText(
    "account.json",
    jsonFile({
      name: user.displayName,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: isoTime(user.createdAt),
      language: user.locale,
      plan: user.accessLevel === "pro" ? "PRO" : "FREE",
      loginConnections: inventory.connections.map((connection) => ({
        provider: connection.provider,
        email: connection.email,
        verified: connection.verified,
        connectedAt: isoTime(connection.createdAt),
      })),
      exportedAt: isoTime(now),
    }),
    now,
  );
  await step();

  const ownerId = user.id;
  const chatFiles = await writeChats(inventory.threads, { env, ownerId, zip, labels: labelsFor(env, user.locale), step });
  await writeMemoryNotes({ env, ownerId, zip }, chatFiles, now);
  const photos = await writeUploads(inventory.uploads, { env, ownerId, zip, chatFiles, now, step });
  await writeTranslations({ env, ownerId, zip, now }, photos);

  const creations = [];
  for (const image of inventory.images) {
    const object = await env.MEDIA.get(image.r2Key);
    const file = `${isoDay(image.createdAt)}-${image.tool}-${image.id.slice(0, 8)}.${extensionFor[image.contentType] ?? "bin"}`;
    if (object) await zip.addStream(`creations/${file}`, object.body, image.createdAt);
    creations.push({
      file: object ? file : null,
      tool: image.tool,
      description: image.prompt,
      model: image.model,
      settings: parsedJson(image.params),
      width: image.width,
      height: image.height,
      createdAt: isoTime(image.createdAt),
    });
    await step();
  }
  await zip.addText("creations/creations.json", jsonFile(creations), now);

  const voiceNotes = [];
  for (const note of inventory.voiceNotes) {
    const object = await env.MEDIA.get(note.r2Key);
    const file = `${isoDay(note.createdAt)}-${note.messageId.slice(0, 8)}.${note.r2Key.split(".").pop()}`;
    if (object) await zip.addStream(`voice-notes/${file}`, object.body, note.createdAt);
    const chat = chatFiles.get(note.threadId);
    voiceNotes.push({
      file: object ? file : null,
      transcript: note.transcript,
      seconds: note.seconds,
      createdAt: isoTime(note.createdAt),
      chat: chat ? `${chat}.md` : null,
    });
    await step();
  }
  await zip.addText("voice-notes/voice-notes.json", jsonFile(voiceNotes), now);
  await writeDocuments(env, user.id, inventory.documents, { zip, chatFiles, now, step });
  await writeProjects(env, user.id, { zip, chatFiles, photos, now });
  await writeSchedules(env, user.id, { zip, chatFiles, now });

  const readings = inventory.threads
    .filter((thread) => thread.tool === "horoscope")
    .map((thread) => ({
      type: thread.toolPath,
      title: thread.title,
      createdAt: isoTime(thread.createdAt),
      chat: chatFiles.has(thread.id) ? `${chatFiles.get(thread.id)}.md` : null,
    }));
  await zip.addText("horoscope/readings.json", jsonFile(readings), now);
  // The birth data entered once for the horoscope (decision 0016), or null when none was given.
  await zip.addText("horoscope/birth-profile.json", jsonFile(toBirthProfile(inventory.birthProfile)), now);
  await zip.addText("memory.json", jsonFile(await memoryExport(env, user.id)), now);
  await zip.addText("notifications.json", jsonFile(await inAccount(env, user.id, "notifications.export")), now);
  await writeSignInRows(inventory.signIn, { zip, chatFiles, origin, now });
  await step();

  await zip.addText(
    "plan/subscriptions.json",
    jsonFile({
      currentPlan: user.accessLevel === "pro" ? "PRO" : "FREE",
      subscriptions: inventory.subscriptions.map((subscription) => ({
        status: subscription.status,
        billingPeriod: subscription.billingPeriod,
        currentPeriodEnd: isoTime(subscription.currentPeriodEnd),
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        paymentFailedAt: isoTime(subscription.paymentFailedAt),
        startedAt: isoTime(subscription.createdAt),
        updatedAt: isoTime(subscription.updatedAt),
      })),
    }),
    now,
  );
  await step();
}
