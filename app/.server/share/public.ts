// A share link as anyone holding it sees it: the snapshot (with the owner's name only when they chose to show it),
// its images, and "Continue this chat", which copies the snapshot into a new chat of the signed-in visitor.
// An unknown or revoked id, or a link whose thread was deleted, is "not found" (decision 0015).
import { and, asc, eq } from "drizzle-orm";
import { splitCitations } from "../../lib/citations";
import { isShareId } from "../../lib/schemas/share";
import { inAccount } from "../account/client";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUpload, forgetUploads, recordUpload } from "../images/uploads";
import type { SharedMessage } from "./operations";
import { meterWrite, UPLOAD_LIMITS, type StoragePlan } from "../write-limits";
import { accountFileKey } from "../account/files";

export type { SharedMessage } from "./operations";

export interface SharedConversation {
  id: string;
  title: string;
  /** The owner's display name, only when they ticked "Show my name". */
  ownerName: string | null;
  /** When the snapshot was taken. */
  sharedAt: number;
  messages: SharedMessage[];
}

async function liveShare(env: AppEnv, shareId: string) {
  if (!isShareId(shareId)) throw new AppError("share/not-found");
  const share = await getDb(env).query.sharedLinks.findFirst({ where: eq(schema.sharedLinks.id, shareId) });
  if (!share) throw new AppError("share/not-found");
  return share;
}

async function snapshotOf(env: AppEnv, shareId: string): Promise<SharedMessage[]> {
  const { sharedMessages } = schema;
  return getDb(env)
    .select({
      position: sharedMessages.position,
      role: sharedMessages.role,
      content: sharedMessages.content,
      model: sharedMessages.model,
      attachmentId: sharedMessages.attachmentId,
      createdAt: sharedMessages.createdAt,
    })
    .from(sharedMessages)
    .where(eq(sharedMessages.shareId, shareId))
    .orderBy(asc(sharedMessages.position));
}

export async function readShare(env: AppEnv, shareId: string): Promise<SharedConversation> {
  const share = await liveShare(env, shareId);
  const [messages, owner] = await Promise.all([
    snapshotOf(env, share.id),
    share.showName ? getDb(env).query.users.findFirst({ where: eq(schema.users.id, share.ownerId), columns: { displayName: true } }) : undefined,
  ]);
  return { id: share.id, title: share.title, ownerName: owner?.displayName ?? null, sharedAt: share.updatedAt, messages };
}

/** The first question, on one line and at most `max` characters: the page's description for link previews. */
export function describeShare(conversation: SharedConversation, max = 160): string {
  const first = conversation.messages.find((message) => message.role === "user")?.content ?? "";
  const line = first.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/**
 * A document page an answer of the snapshot cites (`[name, p. N]` or `[p. N]`), for anyone holding the link: only a
 * name and page some shared answer cites (compared ignoring case), read from the owner's file as it is now, so the
 * project's other files, its name and instructions are never reachable through a link (decision 0038-projects). An
 * uncited page, a removed file or a revoked link is "not found".
 */
export async function readSharedCitedPage(env: AppEnv, shareId: string, name: string | null, number: number) {
  const share = await liveShare(env, shareId);
  const wanted = name?.toLowerCase() ?? null;
  const messages = await snapshotOf(env, share.id);
  const cited = messages.some(
    (message) =>
      message.role === "assistant" &&
      splitCitations(message.content).some((part) => typeof part !== "string" && part.page === number && (part.name?.toLowerCase() ?? null) === wanted),
  );
  if (!cited) throw new AppError("share/not-found");
  const found = await inAccount(env, share.ownerId, "share.citedPage", { threadId: share.threadId, name, number });
  if (!found) throw new AppError("share/not-found");
  return found;
}

/** An image of the snapshot: only an upload one of its messages shows, read from the owner's uploads. */
export async function readSharedImage(env: AppEnv, shareId: string, uploadId: string) {
  const share = await liveShare(env, shareId);
  const db = getDb(env);
  const shown = await db
    .select({ position: schema.sharedMessages.position })
    .from(schema.sharedMessages)
    .where(and(eq(schema.sharedMessages.shareId, share.id), eq(schema.sharedMessages.attachmentId, uploadId)))
    .limit(1);
  if (shown.length === 0) throw new AppError("share/not-found");
  const upload = await findUpload(env, share.ownerId, uploadId);
  if (!upload) throw new AppError("share/not-found");
  const object = await env.MEDIA.get(upload.r2Key);
  if (!object) throw new AppError("share/not-found");
  return { upload, body: object.body };
}

/**
 * Copies an image of the snapshot into the visitor's own uploads, so their copy of the chat keeps showing it: within
 * the visitor's storage quota, decided as the copy's row is recorded (413 upload/quota-exceeded, decision 0013).
 */
async function copyUpload(env: AppEnv, fromOwnerId: string, toOwnerId: string, uploadId: string, quotaBytes: number): Promise<string | null> {
  const upload = await findUpload(env, fromOwnerId, uploadId);
  const object = upload ? await env.MEDIA.get(upload.r2Key) : null;
  if (!upload || !object) return null;
  const id = crypto.randomUUID();
  const r2Key = accountFileKey("uploads", toOwnerId, `${id}.${upload.contentType === "image/png" ? "png" : "jpg"}`);
  await env.MEDIA.put(r2Key, await object.arrayBuffer(), { httpMetadata: { contentType: upload.contentType } });
  const { contentType, bytes, width, height } = upload;
  await recordUpload(env, toOwnerId, { id, r2Key, contentType, bytes, width, height }, quotaBytes);
  return id;
}

async function forgetCopies(env: AppEnv, userId: string, uploadIds: (string | null)[]) {
  const ids = uploadIds.filter((id): id is string => id !== null);
  if (ids.length > 0) await forgetUploads(env, userId, ids);
}

/**
 * "Continue this chat": a new chat of the visitor's own (the chat tool) holding the snapshot's messages, images
 * copied, whose next question continues from them. Returns the new thread's id.
 */
export async function continueShare(env: AppEnv, visitor: { accountId: string; plan: StoragePlan }, shareId: string, now = Date.now()): Promise<string> {
  const userId = visitor.accountId;
  const share = await liveShare(env, shareId);
  // Each copy is a whole conversation (and its images): limited per account (write-limits.ts).
  await meterWrite(env, "continueShare", userId, "share/continue-rate-limited");
  const messages = await snapshotOf(env, share.id);
  const copies = new Map<string, string | null>();
  try {
    for (const message of messages) {
      if (message.attachmentId && !copies.has(message.attachmentId)) {
        const quotaBytes = UPLOAD_LIMITS.storageQuotaBytes[visitor.plan];
        copies.set(
          message.attachmentId,
          share.ownerId === userId ? message.attachmentId : await copyUpload(env, share.ownerId, userId, message.attachmentId, quotaBytes),
        );
      }
    }
  } catch (error) {
    // A copy that does not fit refuses the whole chat: the images copied before it go again, so a refusal keeps nothing.
    if (share.ownerId !== userId) await forgetCopies(env, userId, [...copies.values()]);
    throw error;
  }
  const copied = messages.map((message) => ({ ...message, attachmentId: message.attachmentId ? (copies.get(message.attachmentId) ?? null) : null }));
  // Someone else's words are not the visitor's to be remembered by (decision 0027): the copy is marked so its turns
  // are learnt from only when the visitor asks. A person continuing their own link continues their own words.
  return inAccount(env, userId, "share.copyInto", { title: share.title, messages: copied, fromShare: share.ownerId !== userId, now });
}
