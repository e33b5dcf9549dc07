// What "Download my data" (decision 0018) takes from the shared D1 database besides the account and its plan: the share
// links (which chats, at which address, since when), the linked WhatsApp number and the passkeys; and from the account's
// object its sessions. The
// person's own data is exported whole (the number too); what would let someone else sign in or pose as a device is
// never read: passkeys give their name and dates, not their credential, public key or counter; sessions their device
// and dates, not their id (the token's hash).
import { asc, eq } from "drizzle-orm";
import { deviceOf } from "../auth/device-name";
import { listSessions } from "../auth/session";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { shareUrl } from "../share/links";
import { numberObject } from "../whatsapp/number";
import type { StreamingZip } from "./zip-writer";
import { isoTime, jsonFile } from "./archive-format";

/** The rows, read while the inventory is (archive.ts collectInventory). */
export async function signInRows(env: AppEnv, ownerId: string) {
  const db = getDb(env);
  const { sharedLinks, whatsappLinks, passkeys } = schema;
  const [[shares, whatsapp, keys], live] = await Promise.all([
    db.batch([
      db
        .select({
          id: sharedLinks.id,
          threadId: sharedLinks.threadId,
          title: sharedLinks.title,
          showName: sharedLinks.showName,
          createdAt: sharedLinks.createdAt,
          updatedAt: sharedLinks.updatedAt,
        })
        .from(sharedLinks)
        .where(eq(sharedLinks.ownerId, ownerId))
        .orderBy(asc(sharedLinks.createdAt), asc(sharedLinks.id)),
      db
        .select({
          phone: whatsappLinks.phone,
          createdAt: whatsappLinks.createdAt,
          verifiedAt: whatsappLinks.verifiedAt,
          lastInboundAt: whatsappLinks.lastInboundAt,
          voiceReplies: whatsappLinks.voiceReplies,
        })
        .from(whatsappLinks)
        .where(eq(whatsappLinks.userId, ownerId)),
      db
        .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, ownerId))
        .orderBy(asc(passkeys.createdAt)),
    ]),
    // The sessions are the account object's (decision 0039).
    listSessions(env, ownerId),
  ]);
  const devices = live
    .map(({ userAgent, createdAt, lastSeenAt, expiresAt }) => ({ userAgent, createdAt, lastSeenAt, expiresAt }))
    .sort((a, b) => a.createdAt - b.createdAt);
  // The person's last message: kept by the number's own object since decision 0036 (the row's is the link's time).
  const link = whatsapp[0];
  const window = link ? await numberObject(env, link.phone).windowStart() : null;
  const lastInboundAt = link && Math.max(link.lastInboundAt ?? 0, window ?? 0);
  return { shares, whatsapp: link ? { ...link, lastInboundAt: lastInboundAt || null } : null, passkeys: keys, sessions: devices };
}

interface SignInWriting {
  zip: StreamingZip;
  /** The chat file (without extension) each thread was written to. */
  chatFiles: Map<string, string>;
  /** The public origin share links are addressed on (the export's message carries it, as the ready e-mail's link). */
  origin: string;
  now: number;
}

/** share-links.json, whatsapp.json, sign-in/passkeys.json and sign-in/sessions.json. */
export async function writeSignInRows(rows: Awaited<ReturnType<typeof signInRows>>, { zip, chatFiles, origin, now }: SignInWriting) {
  await zip.addText(
    "share-links.json",
    jsonFile(
      rows.shares.map((share) => ({
        chat: chatFiles.has(share.threadId) ? `${chatFiles.get(share.threadId)}.md` : null,
        title: share.title,
        link: shareUrl(origin, share.id),
        showsYourName: share.showName,
        createdAt: isoTime(share.createdAt),
        updatedAt: isoTime(share.updatedAt),
      })),
    ),
    now,
  );
  const link = rows.whatsapp;
  await zip.addText(
    "whatsapp.json",
    jsonFile(
      link && {
        phone: `+${link.phone}`,
        linkedAt: isoTime(link.createdAt),
        verifiedAt: isoTime(link.verifiedAt),
        lastMessageAt: isoTime(link.lastInboundAt),
        voiceReplies: link.voiceReplies,
      },
    ),
    now,
  );
  await zip.addText(
    "sign-in/passkeys.json",
    jsonFile(rows.passkeys.map((passkey) => ({ name: passkey.name, createdAt: isoTime(passkey.createdAt), lastUsedAt: isoTime(passkey.lastUsedAt) }))),
    now,
  );
  await zip.addText(
    "sign-in/sessions.json",
    jsonFile(
      rows.sessions.map((session) => ({
        device: deviceOf(session.userAgent),
        userAgent: session.userAgent,
        signedInAt: isoTime(session.createdAt),
        lastSeenAt: isoTime(session.lastSeenAt),
        expiresAt: isoTime(session.expiresAt),
      })),
    ),
    now,
  );
}
