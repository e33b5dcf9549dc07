// The D1 tables that are to be dropped, fenced here under `legacy` names so nothing new comes to depend on them
// (tests/unit/legacy-schema.test.ts names the only modules that may import this file):
// - The per-account tables D1 held before each account had its own object (decision 0026): only the move reads them
//   (app/.server/account/move-from-d1.ts, through each part's `movedFromD1`), which also deletes what a deleted account
//   still has there. The live tables of the same names are db/account-schema.ts's, in each account's object.
//   db/legacy/drop_old_account_tables.sql drops them once every account is moved, and the move already answers as if
//   they were empty when they are gone (decision 0035-legacy-tables).
// - D1's `sessions`, written by nothing since sessions live in the account's object (decision 0039): read only for a
//   cookie of the old format (app/.server/auth/legacy-session.ts), which already answers "session ended" once
//   db/legacy/drop_d1_sessions.sql has dropped it.
// drizzle.config.ts reads this file too, so no migration that drops them is generated before then.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, galleryTools, imageTools, updatedAt, users } from "./schema";

/**
 * A conversation. The owner is a user id or, for visitors, a guest id ("g_..." from a signed cookie),
 * so guests keep their thread across reloads.
 */
export const legacyChatThreads = sqliteTable(
  "chat_threads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    tool: text("tool").notNull().default("web-main"),
    /** Horoscope path id or web-search category, when the thread belongs to such a screen. */
    toolPath: text("tool_path"),
    title: text("title").notNull(),
    starred: integer("starred", { mode: "boolean" }).notNull().default(false),
    /** Where the conversation happens: the web app, or a linked WhatsApp number (marked so in the history). */
    channel: text("channel", { enum: ["web", "whatsapp"] })
      .notNull()
      .default("web"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // History panel: newest first per owner, and the Starred tab.
    index("chat_threads_owner_updated").on(t.ownerId, t.updatedAt),
    index("chat_threads_owner_starred_updated").on(t.ownerId, t.starred, t.updatedAt),
  ],
);

export const legacyChatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => legacyChatThreads.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull().default(""),
    /** Catalogue model id (docs/product.md §3), not the upstream id. */
    model: text("model"),
    status: text("status", { enum: ["complete", "streaming", "failed", "stopped"] })
      .notNull()
      .default("complete"),
    errorCode: text("error_code"),
    feedback: text("feedback", { enum: ["like", "dislike"] }),
    attachmentId: text("attachment_id"),
    /** Idempotency key of the credit this message consumed (refunded when nothing was produced). */
    creditKey: text("credit_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("chat_messages_thread_created").on(t.threadId, t.createdAt),
    // Every chat turn looks its request id up here (idempotency); without it that is a scan of every message.
    index("chat_messages_credit_key").on(t.creditKey),
    // Abandoned-upload clean-up asks "is this upload attached to a message?" (images/cleanup.ts).
    index("chat_messages_attachment")
      .on(t.attachmentId)
      .where(sql`${t.attachmentId} is not null`),
  ],
);

/**
 * A WhatsApp voice note kept with the message its transcript became (decision 0025): the audio in R2 under
 * `voice-notes/<owner>/<thread>/` (deleted with the thread or account, chat/thread-files.ts), counted in the owner's
 * storage. The row goes with its message.
 */
export const legacyVoiceNotes = sqliteTable(
  "voice_notes",
  {
    messageId: text("message_id")
      .primaryKey()
      .references(() => legacyChatMessages.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    seconds: integer("seconds").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("voice_notes_owner").on(t.ownerId)],
);

/** Images a user uploaded (tattoo source photos, photos to translate, chat attachments, profile photos). */
export const legacyUploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type", { enum: ["image/jpeg", "image/png"] }).notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_owner").on(t.ownerId, t.createdAt), index("uploads_created").on(t.createdAt)],
);

/** A creation request: charged, queued, made by the queue consumer, then done or failed (and refunded). */
export const legacyImageJobs = sqliteTable(
  "image_jobs",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    tool: text("tool", { enum: imageTools }).notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    prompt: text("prompt").notNull().default(""),
    model: text("model").notNull(),
    /** JSON of the tool's settings (style, aspect ratio, theme, language, ...), for "use again". */
    params: text("params").notNull().default("{}"),
    sourceUploadId: text("source_upload_id"),
    creditKey: text("credit_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    errorCode: text("error_code"),
    /** Photo translate returns text, not an image: its JSON result lives here. */
    resultText: text("result_text"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("image_jobs_owner_created").on(t.ownerId, t.createdAt),
    index("image_jobs_source_upload")
      .on(t.sourceUploadId)
      .where(sql`${t.sourceUploadId} is not null`),
  ],
);

/** One gallery entry per finished job (the unique job id stops a redelivered message creating twice). */
export const legacyGalleryImages = sqliteTable(
  "gallery_images",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    jobId: text("job_id").notNull(),
    tool: text("tool", { enum: galleryTools }).notNull(),
    prompt: text("prompt").notNull().default(""),
    model: text("model").notNull(),
    params: text("params").notNull().default("{}"),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("gallery_images_job").on(t.jobId), index("gallery_images_owner_created").on(t.ownerId, t.createdAt)],
);

/**
 * "Download my data" (decision 0018): one ZIP of everything the account holds, made by the data-exports queue consumer
 * and kept in R2 for 7 days. At most one export per account is queued or running (the partial unique index); the hourly
 * cron deletes expired archives (the row stays `expired`, so its link says so) and rows older than 30 days.
 */
export const legacyDataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "ready", "failed", "expired"] })
      .notNull()
      .default("queued"),
    /** 0 to 100, written by the consumer as it goes, polled by the settings page. */
    progress: integer("progress").notNull().default(0),
    r2Key: text("r2_key"),
    bytes: integer("bytes"),
    attempts: integer("attempts").notNull().default(0),
    errorCode: text("error_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the archive stops being served and is deleted (ready + 7 days). */
    expiresAt: integer("expires_at", { mode: "number" }),
  },
  (t) => [
    index("data_exports_owner_created").on(t.ownerId, t.createdAt),
    uniqueIndex("data_exports_one_active")
      .on(t.ownerId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("data_exports_status_expires").on(t.status, t.expiresAt),
  ],
);

/**
 * Birth data entered once per account (user id or guest id) and prefilled on every horoscope form that needs it.
 * birthTime is "HH:MM" local to the place, or null when not known; placeId is an id of the offline city list.
 */
export const legacyBirthProfiles = sqliteTable("birth_profiles", {
  ownerId: text("owner_id").primaryKey(),
  birthDate: text("birth_date").notNull(),
  birthTime: text("birth_time"),
  placeId: text("place_id").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Accounts whose rows in the per-account tables above (chats, voice notes, uploads, jobs, gallery, birth data, data
 * exports) were moved into their own object (decision 0026). The move's progress is counted against the owners those
 * tables still name; once every one is here, a later migration drops those tables and this one (README "Deploying").
 */
export const legacyAccountMoves = sqliteTable("account_moves", {
  accountId: text("account_id").primaryKey(),
  /** Rows the move copied (0 when the object already had them all). */
  rows: integer("rows").notNull(),
  movedAt: integer("moved_at", { mode: "number" }).notNull(),
});

/**
 * Server-side sessions before decision 0039: the cookie held a random token alone; only its SHA-256 is stored here.
 * Nothing writes it; a cookie of that format is moved into the account's object once (auth/legacy-session.ts), and
 * the hourly retention deletes its expired rows (app/.server/retention.ts).
 */
export const legacySessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    userAgent: text("user_agent"),
    /**
     * When this browser last proved it is the owner: a sign-in, or "confirm it's you" (SECURITY.md "Passwords and
     * sign-in"). On the app clock (app/.server/clock.ts). 0 for sessions older than the column: never recent.
     */
    signedInAt: integer("signed_in_at", { mode: "number" }).notNull().default(0),
    /**
     * When this browser last proved the account's second factor (an authenticator or recovery code, or a passkey), on the
     * app clock; 0: never. With two-step sign-in on, adding a passkey or renewing recovery codes needs it recent
     * (decision 0028 "A second factor guards second factors").
     */
    secondFactorAt: integer("second_factor_at", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  // sessions_expires: the retention cron deletes expired sessions by it (docs/decisions/0032-retention.md).
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);
