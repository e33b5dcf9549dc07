// The web side of linking a WhatsApp number (decision 0010): the dialog's status, a one-time code inside a
// wa.me link, and disconnecting. The webhook side finds the code in the first message and links its sender.
import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../lib/constants";
import { findModel } from "../../lib/models";
import { formatLinkCode, LINK_CODE_ALPHABET, LINK_CODE_LENGTH, LINK_CODE_TTL_MS, maskPhone } from "../../lib/whatsapp";
import { limitOrThrow } from "../auth/throttle";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { i18nServer } from "../i18n";
import type { Viewer } from "../identity";
import { repliesPause } from "./billing-pause";
import { channelReady } from "./config";
import { numberObject } from "./number";

/** Decision 0010: at most 10 codes per user per hour (each one is a wa.me link a person could be tricked into sharing). */
export const LINK_CODE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export interface WhatsAppLinkView {
  /** The linked number with only its last four digits. */
  maskedPhone: string;
  linkedAt: number;
  /** "Reply with voice": voice notes are answered with a voice note too (decision 0025). */
  voiceReplies: boolean;
}

export interface WhatsAppStatus {
  configured: boolean;
  /** WHATSAPP_VOICE_REPLIES is on: the "reply with voice" setting is offered. */
  voiceRepliesOffered: boolean;
  plan: Viewer["plan"];
  link: WhatsAppLinkView | null;
  /** Meta reported a billing error for the sending number: replies are paused (billing-pause.ts); shown with a linked number. */
  repliesPaused: boolean;
}

export interface LinkCodeResult {
  /** "LINK-ABCD-2345", as the prefilled message carries it. */
  code: string;
  url: string;
  expiresAt: number;
}

/** What the dialog and Settings show: whether the channel works here, the plan (Pro chats), and the linked number. */
export async function whatsappStatus(env: AppEnv, config: AppConfig, viewer: Viewer): Promise<WhatsAppStatus> {
  const configured = channelReady(config.whatsapp);
  const voiceRepliesOffered = config.whatsapp.voiceReplies;
  if (viewer.kind !== "user") return { configured, voiceRepliesOffered, plan: viewer.plan, link: null, repliesPaused: false };
  const row = await getDb(env).query.whatsappLinks.findFirst({ where: eq(schema.whatsappLinks.userId, viewer.user.id) });
  return whatsappStatusOf(config, viewer, row, row ? (await repliesPause(env, config)) !== null : false);
}

/** The status from the signed-in viewer's link row, however it was read (Settings › Login connection reads it with the page's other rows). */
export function whatsappStatusOf(
  config: AppConfig,
  viewer: Extract<Viewer, { kind: "user" }>,
  row: Pick<typeof schema.whatsappLinks.$inferSelect, "phone" | "verifiedAt" | "createdAt" | "voiceReplies"> | undefined,
  paused = false,
): WhatsAppStatus {
  // A link is shown even when the channel is switched off, so it can still be disconnected.
  const link = row ? { maskedPhone: maskPhone(row.phone), linkedAt: row.verifiedAt ?? row.createdAt, voiceReplies: row.voiceReplies } : null;
  return {
    configured: channelReady(config.whatsapp),
    voiceRepliesOffered: config.whatsapp.voiceReplies,
    plan: viewer.plan,
    link,
    repliesPaused: link !== null && paused,
  };
}

/** LINK_CODE_LENGTH characters of LINK_CODE_ALPHABET; 32 symbols divide 256, so `byte % 32` has no bias. */
function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LINK_CODE_LENGTH));
  return Array.from(bytes, (byte) => LINK_CODE_ALPHABET[byte % LINK_CODE_ALPHABET.length]).join("");
}

/**
 * A one-time code for `userId`, valid LINK_CODE_TTL_MS, and the wa.me link whose prefilled message (in the person's
 * language) carries it. Earlier unused codes of the user are deleted: only the newest one can link.
 */
export async function createLinkCode(
  env: AppEnv,
  config: AppConfig,
  userId: string,
  input: { phoneDigits: string; model?: string | null },
  locale: Locale,
  now = Date.now(),
): Promise<LinkCodeResult> {
  const businessNumber = config.whatsapp.businessNumber;
  if (!channelReady(config.whatsapp) || !businessNumber) throw new AppError("whatsapp/not-configured");
  await limitOrThrow(env, `whatsapp:link-code:${userId}`, LINK_CODE_LIMIT);
  // Only catalogue models are kept: WhatsApp chat falls back to the default for anything else.
  const model = input.model && findModel(input.model) ? input.model : null;
  const expiresAt = now + LINK_CODE_TTL_MS;
  const db = getDb(env);
  const { whatsappLinkCodes } = schema;

  let code = "";
  // 32^8 codes make a clash unlikely; a clash with a live code is retried rather than overwriting someone's code.
  for (let attempt = 0; attempt < 3 && !code; attempt++) {
    const candidate = randomCode();
    const [, inserted] = await db.batch([
      db.delete(whatsappLinkCodes).where(and(eq(whatsappLinkCodes.userId, userId), isNull(whatsappLinkCodes.usedAt))),
      db
        .insert(whatsappLinkCodes)
        .values({ code: candidate, userId, phone: input.phoneDigits, model, expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ code: whatsappLinkCodes.code }),
    ]);
    if (inserted.length > 0) code = candidate;
  }
  if (!code) throw new AppError("app/unknown");

  const t = await i18nServer.getFixedT(locale, "whatsapp");
  const brand = (await i18nServer.getFixedT(locale, "common"))("brand");
  const text = t("dialog.prefilled", { code: formatLinkCode(code), brand });
  return { code: formatLinkCode(code), url: `https://wa.me/${businessNumber}?text=${encodeURIComponent(text)}`, expiresAt };
}

/**
 * Unlinks the user's number (and drops any code still waiting): messages from it are no longer answered, and what its
 * object kept for the account goes (decision 0036).
 */
export async function disconnectWhatsApp(env: AppEnv, userId: string): Promise<void> {
  const db = getDb(env);
  const [removed] = await db.batch([
    db.delete(schema.whatsappLinks).where(eq(schema.whatsappLinks.userId, userId)).returning({ phone: schema.whatsappLinks.phone }),
    db.delete(schema.whatsappLinkCodes).where(and(eq(schema.whatsappLinkCodes.userId, userId), isNull(schema.whatsappLinkCodes.usedAt))),
  ]);
  for (const { phone } of removed) await numberObject(env, phone).erase();
}

/** Turns "reply with voice" on or off for the user's linked number; request/invalid when no number is linked. */
export async function setVoiceReplies(env: AppEnv, userId: string, enabled: boolean): Promise<void> {
  const updated = await getDb(env)
    .update(schema.whatsappLinks)
    .set({ voiceReplies: enabled })
    .where(eq(schema.whatsappLinks.userId, userId))
    .returning({ phone: schema.whatsappLinks.phone });
  if (updated.length === 0) throw new AppError("request/invalid");
  // The number's object answers from what it knew of the link: it reads the setting again on the next message.
  await numberObject(env, updated[0]!.phone).forget();
}
