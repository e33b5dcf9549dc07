// The one source of truth for the tables inside each account's Durable Object (app/.server/account/object.ts):
// the account's personal data lives with the account, not in the shared D1 database (decision 0026). Every row
// here belongs to the one account the object is named for; rows keep their owner id so a row moved in (from D1,
// or from a guest's object when the guest signs in) says whose it was, and a merge rewrites it.
// `npm run db:generate` turns changes into SQL under db/account-migrations, run inside the object on its start.
// Times are epoch milliseconds (UTC), as in db/schema.ts.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { galleryTools, imageTools } from "./schema";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A conversation. The owner is a user id or, for visitors, a guest id ("g_..." from a signed cookie), so guests keep
 * their thread across reloads.
 */
export const chatThreads = sqliteTable(
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
    /**
     * The thread began as another account's shared chat, continued here: its turns are not learnt from by themselves
     * (decision 0027, "Learning only from the person").
     */
    fromShare: integer("from_share", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // History panel: newest first, and the Starred tab.
    index("chat_threads_updated").on(t.updatedAt),
    index("chat_threads_starred_updated").on(t.starred, t.updatedAt),
  ],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
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
    // Every chat turn looks its request id up here (idempotency).
    index("chat_messages_credit_key").on(t.creditKey),
    // Abandoned-upload clean-up asks "is this upload attached to a message?".
    index("chat_messages_attachment")
      .on(t.attachmentId)
      .where(sql`${t.attachmentId} is not null`),
  ],
);

/** A WhatsApp voice note kept with the message its transcript became (decision 0025); the audio is in R2. */
export const voiceNotes = sqliteTable("voice_notes", {
  messageId: text("message_id")
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: "cascade" }),
  ownerId: text("owner_id").notNull(),
  r2Key: text("r2_key").notNull(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  seconds: integer("seconds").notNull(),
  createdAt: createdAt(),
});

/**
 * An answer read aloud, cached in R2 (`speech/<owner>/<thread>/<message>/<voice>.mp3`, chat/thread-files.ts): its size,
 * counted in the storage quota (decision 0013). Goes with its message; the file goes with its thread.
 */
export const speechAudio = sqliteTable(
  "speech_audio",
  {
    r2Key: text("r2_key").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  // A message's delete cascades here: found by index, not by scanning the cache's rows.
  (t) => [index("speech_audio_message").on(t.messageId)],
);

/** Images the person uploaded (tattoo source photos, photos to translate, chat attachments, profile photos). */
export const uploads = sqliteTable(
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
    /** Attached in a temporary chat only: removed by this time unless a saved chat uses it (decision 0027). */
    temporaryUntil: integer("temporary_until"),
  },
  (t) => [
    index("uploads_created").on(t.createdAt),
    index("uploads_temporary")
      .on(t.temporaryUntil)
      .where(sql`${t.temporaryUntil} is not null`),
  ],
);

/** A creation request: charged, queued, made by the queue consumer, then done or failed (and refunded). */
export const imageJobs = sqliteTable(
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
    index("image_jobs_created").on(t.createdAt),
    index("image_jobs_source_upload")
      .on(t.sourceUploadId)
      .where(sql`${t.sourceUploadId} is not null`),
  ],
);

/** One gallery entry per finished job (the unique job id stops a redelivered message creating twice). */
export const galleryImages = sqliteTable(
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
    /** An edited picture names the original it is a version of (decision 0029); null for an original. */
    sourceImageId: text("source_image_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gallery_images_job").on(t.jobId),
    index("gallery_images_created").on(t.createdAt),
    index("gallery_images_source")
      .on(t.sourceImageId)
      .where(sql`${t.sourceImageId} is not null`),
  ],
);

/** "Download my data" (decision 0018): at most one export is queued or running (the partial unique index). */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
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
    index("data_exports_created").on(t.createdAt),
    uniqueIndex("data_exports_one_active")
      .on(t.ownerId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("data_exports_status_expires").on(t.status, t.expiresAt),
  ],
);

/** Birth data entered once and prefilled on every horoscope form that needs it (birthTime "HH:MM" or null). */
export const birthProfiles = sqliteTable("birth_profiles", {
  ownerId: text("owner_id").primaryKey(),
  birthDate: text("birth_date").notNull(),
  birthTime: text("birth_time"),
  placeId: text("place_id").notNull(),
  updatedAt: updatedAt(),
});

/**
 * The account's daily credits (docs/product.md §6): one row per charge, idempotent by key. A refunded charge stays
 * (refunded = 1) so a retry of the same request is charged once. Rows older than 35 days are forgotten.
 */
export const creditCharges = sqliteTable(
  "credit_charges",
  {
    key: text("key").primaryKey(),
    day: text("day").notNull(),
    cost: integer("cost").notNull(),
    refunded: integer("refunded").notNull().default(0),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    /** Another counter the charge was also made on (a visitor's address, decision 0011). */
    linked: text("linked"),
  },
  (t) => [index("credit_charges_day").on(t.day, t.refunded)],
);

/**
 * What the assistant remembers about the person (decision 0027): one short fact each, made by the extraction
 * job from one turn or written by the person in Settings › Memory. Where it came from is kept so the note under an
 * answer can link back. Searched by full text (memory_search, migration 0003) when there are too many to send all.
 */
export const memories = sqliteTable(
  "memories",
  {
    id: text("id").primaryKey(),
    text: text("text").notNull(),
    /** The conversation and answer it was learnt from; null when the person wrote it. */
    sourceThreadId: text("source_thread_id"),
    sourceMessageId: text("source_message_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("memories_updated").on(t.updatedAt)],
);

/** The account's memory switch and custom instructions: one row (id 1), absent until first changed (memory on, no instructions). */
export const memorySettings = sqliteTable("memory_settings", {
  id: integer("id").primaryKey(),
  /** "Use and save memory": off sends and saves nothing, and keeps what is saved. */
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  /** "What should the assistant know about you?" */
  aboutYou: text("about_you").notNull().default(""),
  /** "How should it answer?" */
  answerStyle: text("answer_style").notNull().default(""),
  updatedAt: updatedAt(),
});

/**
 * What memory did for one answer, shown under it: the memories it was sent (used), and those its extraction job
 * saved or changed (updated, filled in when the job ends; pending until then). JSON arrays of { id, text }.
 */
export const memoryNotes = sqliteTable(
  "memory_notes",
  {
    messageId: text("message_id").primaryKey(),
    threadId: text("thread_id").notNull(),
    used: text("used").notNull().default("[]"),
    updated: text("updated").notNull().default("[]"),
    pending: integer("pending", { mode: "boolean" }).notNull().default(false),
    /** The turn held someone else's text, so nothing was learnt by itself: the answer offers "Save to memory?". */
    offer: integer("offer", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("memory_notes_thread").on(t.threadId)],
);

/**
 * A document attached in chat (decision 0031): the file is in R2 (`documents/<owner>/<id>.<ext>`), its text is
 * read in the background (document-reads queue) into document_pages, searched by document_search (migration 0007).
 * Bound to the thread whose first turn attached it; unattached ones are cleaned up a day after upload.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type", {
      enum: ["application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "text/plain", "text/markdown"],
    }).notNull(),
    r2Key: text("r2_key").notNull(),
    bytes: integer("bytes").notNull(),
    /** Known at upload for a PDF, after reading for the others. */
    pages: integer("pages"),
    state: text("state", { enum: ["reading", "ready", "failed"] })
      .notNull()
      .default("reading"),
    /** 0 to 100, written by the reader as it goes. */
    progress: integer("progress").notNull().default(0),
    /** The error code of a failed reading (document/no-text, document/too-big-to-read, ...). */
    failure: text("failure"),
    /** Characters of text read, for choosing between sending it whole and by passages. */
    chars: integer("chars").notNull().default(0),
    /** UTF-8 bytes of the text kept in document_pages, counted in the storage quota with its index (decision 0013). */
    textBytes: integer("text_bytes").notNull().default(0),
    threadId: text("thread_id"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Attached in a temporary chat only: removed by this time unless a saved chat uses it (decision 0027). */
    temporaryUntil: integer("temporary_until"),
  },
  (t) => [
    index("documents_created").on(t.createdAt),
    index("documents_temporary")
      .on(t.temporaryUntil)
      .where(sql`${t.temporaryUntil} is not null`),
    index("documents_thread")
      .on(t.threadId)
      .where(sql`${t.threadId} is not null`),
  ],
);

/** A document's text, one row per page (a PDF page, a DOCX heading's section, ~3,000 characters of a text file). */
export const documentPages = sqliteTable(
  "document_pages",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    heading: text("heading"),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.number] })],
);

/**
 * A project (decision 0038-projects): chats, files and instructions kept together. Its chats and files are listed in
 * project_chats and project_files, so a chat or a document stays one row wherever it is kept.
 */
export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    /** One emoji shown before the name, or null. */
    emoji: text("emoji"),
    /** One of the palette's colour names (app/lib/projects.ts), or null. */
    colour: text("colour"),
    /** "How should the assistant work in this project?", sent in every chat of the project. */
    instructions: text("instructions").notNull().default(""),
    /** Kept apart: memories from outside are not used in its chats, and nothing learnt there is saved to memory. */
    keptApart: integer("kept_apart", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("projects_updated").on(t.updatedAt)],
);

/** Which project a chat is in (at most one); a chat in none is in the history. */
export const projectChats = sqliteTable(
  "project_chats",
  {
    threadId: text("thread_id")
      .primaryKey()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [index("project_chats_project").on(t.projectId)],
);

/** A document of a project: every chat of the project is answered from it (decision 0038-projects). */
export const projectFiles = sqliteTable(
  "project_files",
  {
    documentId: text("document_id")
      .primaryKey()
      .references(() => documents.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [index("project_files_project").on(t.projectId)],
);

/**
 * An image uploaded on a project's page (decision 0038-projects): the upload row keeps the file (uploads, counted in
 * the storage quota there); this says which project holds it, under the name it was uploaded with. Counted with the
 * project's files against its limit; the most recent ones are shown to a vision model in every chat of the project.
 */
export const projectImages = sqliteTable(
  "project_images",
  {
    uploadId: text("upload_id")
      .primaryKey()
      .references(() => uploads.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [index("project_images_project").on(t.projectId, t.addedAt)],
);

/**
 * An import of another assistant's history (decision 0040-import-chatgpt): its file waits in R2 (imports folder) while
 * the object's alarm turns it into chats a batch at a time; `done` of `total` conversations so far. One at a time.
 */
export const chatImports = sqliteTable(
  "chat_imports",
  {
    id: text("id").primaryKey(),
    source: text("source", { enum: ["chatgpt"] }).notNull(),
    status: text("status", { enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    /** The prepared conversations in R2 (deleted when the import ends). */
    r2Key: text("r2_key"),
    total: integer("total").notNull(),
    /** Conversations handled so far (imported or skipped as imported before). */
    done: integer("done").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    errorCode: text("error_code"),
    /** The plan's storage quota when the import began (none: no quota). */
    quotaBytes: integer("quota_bytes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chat_imports_created").on(t.createdAt)],
);

/** A conversation imported from elsewhere: never imported twice, and its text counted against the storage quota. */
export const importedConversations = sqliteTable("imported_conversations", {
  /** "<source>:<the source's conversation id>". */
  sourceId: text("source_id").primaryKey(),
  threadId: text("thread_id")
    .notNull()
    .references(() => chatThreads.id, { onDelete: "cascade" }),
  /** The UTF-8 bytes of its title and messages. */
  bytes: integer("bytes").notNull(),
  createdAt: createdAt(),
});

/**
 * A deep research (decision 0043): the approved plan, where the alarm-driven run is, what it
 * has charged (written with each step's result, so a step redone after an eviction is never charged twice), its
 * notes so far and, once written, the report (research/report.ts) whose text is also the thread's answer message.
 */
export const researchRuns = sqliteTable(
  "research_runs",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => chatThreads.id, { onDelete: "cascade" }),
    /** The person's question (a message of the thread) and, once written, the report's message. */
    questionMessageId: text("question_message_id").notNull(),
    reportMessageId: text("report_message_id"),
    question: text("question").notNull(),
    /** The approved plan: a JSON array of 1 to 12 items. */
    plan: text("plan").notNull(),
    language: text("language", { enum: ["en", "tr"] }).notNull(),
    /** "loop": the app's own loop (research/loop.ts); "openai": OpenAI's background mode (research/engine.ts). */
    engine: text("engine", { enum: ["loop", "openai"] }).notNull(),
    status: text("status", { enum: ["running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("running"),
    /** The next step's index: one per plan item, then the writing. */
    step: integer("step").notNull().default(0),
    /** The current step as shown ("Reading: <item>"). */
    stepLabel: text("step_label"),
    sourcesRead: integer("sources_read").notNull().default(0),
    chargedSteps: integer("charged_steps").notNull().default(0),
    upstreamId: text("upstream_id"),
    /** The thread's address on the app's origin, for the e-mail that says the report is ready. */
    link: text("link").notNull(),
    /** The notes of the steps done: a JSON array (research/loop.ts), bounded by the plan's length and the note's cap. */
    notes: text("notes").notNull().default("[]"),
    /** The report as JSON once written (research/report.ts). */
    report: text("report"),
    startedAt: integer("started_at", { mode: "number" }).notNull(),
    endedAt: integer("ended_at", { mode: "number" }),
    updatedAt: updatedAt(),
  },
  (t) => [index("research_runs_started").on(t.startedAt), index("research_runs_thread").on(t.threadId)],
);

/** Facts about the object itself: whose it is, whether its rows were moved in from D1, guests merged into it. */
export const accountMeta = sqliteTable("account_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * The person's signed-in browsers (decision 0039): each row is one session, keyed by the SHA-256 of the random token
 * its cookie holds (never the token). Only a user's object has rows; the cookie names the account, so a request is
 * authenticated by this object alone, and ending a session here ends it on that device's next request.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    userAgent: text("user_agent"),
    /** When this browser last proved it is the owner, on the app clock (auth/recent-sign-in.ts). */
    signedInAt: integer("signed_in_at", { mode: "number" }).notNull().default(0),
    /** When this browser last proved the second factor, on the app clock; 0: never (decision 0028). */
    secondFactorAt: integer("second_factor_at", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expires").on(t.expiresAt)],
);

/**
 * What a signed-in request needs of the person, copied from D1's users, login connections, passkeys and subscriptions
 * by every code path that changes them (auth/viewer-profile.ts, decision 0039). One row, id "me".
 */
export const viewerProfile = sqliteTable("viewer_profile", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  displayName: text("display_name").notNull(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull(),
  profilePhotoKey: text("profile_photo_key"),
  /** A way in other than the e-mail address: Google, Apple or a passkey (an unverified account keeps its sessions). */
  otherWayIn: integer("other_way_in", { mode: "boolean" }).notNull(),
  disabledAt: integer("disabled_at", { mode: "number" }),
  deletingAt: integer("deleting_at", { mode: "number" }),
  /** users.access_level: "pro" gives Pro until `proUntil` (null: no end, an operator's grant). */
  accessLevel: text("access_level", { enum: ["basic", "pro"] }).notNull(),
  proUntil: integer("pro_until", { mode: "number" }),
  paywallSeenAt: integer("paywall_seen_at", { mode: "number" }),
  updatedAt: updatedAt(),
});

/**
 * The person's browsers that allowed notifications (web push, decision 0042): the push service's endpoint and
 * the browser's keys the payload is encrypted to (RFC 8291). At most PUSH_DEVICES_MAX rows; the oldest makes room.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key (65-byte uncompressed point) and auth secret (16 bytes), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android", from the user agent when it was saved. */
    label: text("label").notNull(),
    createdAt: createdAt(),
    /** The last push the service accepted (201), or null. */
    lastSuccessAt: integer("last_success_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint)],
);

/** Settings › Notifications' switches, one row per kind turned off or on; a kind with no row is on. */
export const notificationSwitches = sqliteTable("notification_switches", {
  kind: text("kind").primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * The person's schedules (docs/decisions/0045-schedules.md): a prompt for a tool, a wall-clock rule in a time
 * zone, where the answer is delivered. `nextRunAt` (null: paused or nothing left to run) is what the object's alarm reads.
 */
export const schedules = sqliteTable(
  "schedules",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    prompt: text("prompt").notNull(),
    tool: text("tool", { enum: ["chat", "web-search", "horoscope"] }).notNull(),
    model: text("model"),
    /** A horoscope schedule's reading type and sign. */
    reading: text("reading"),
    sign: text("sign"),
    /** The time rule (app/lib/schedules.ts TimeRule) as JSON. */
    rule: text("rule").notNull(),
    timeZone: text("time_zone").notNull(),
    delivery: text("delivery", { enum: ["push", "email", "whatsapp"] }).notNull(),
    locale: text("locale").notNull().default("en"),
    /** The app's public origin when it was made (http/auth.ts publicOrigin): its e-mails' links, run with no request. */
    origin: text("origin").notNull().default(""),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    nextRunAt: integer("next_run_at", { mode: "number" }),
    /** The schedule's own thread, made by its first run. */
    threadId: text("thread_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("schedules_next_run").on(t.nextRunAt)],
);

/** A schedule's runs, the last 50 kept: when, what came of it, and the answer's message. */
export const scheduleRuns = sqliteTable(
  "schedule_runs",
  {
    id: text("id").primaryKey(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    at: integer("at", { mode: "number" }).notNull(),
    status: text("status", { enum: ["ok", "skipped", "failed"] }).notNull(),
    note: text("note"),
    messageId: text("message_id"),
  },
  (t) => [index("schedule_runs_schedule").on(t.scheduleId, t.at)],
);

export type ChatThread = typeof chatThreads.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type ImageJob = typeof imageJobs.$inferSelect;
export type GalleryImage = typeof galleryImages.$inferSelect;
export type DataExport = typeof dataExports.$inferSelect;
export type BirthProfile = typeof birthProfiles.$inferSelect;
export type Memory = typeof memories.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type DocumentPage = typeof documentPages.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type ChatImport = typeof chatImports.$inferSelect;
export type ResearchRun = typeof researchRuns.$inferSelect;

export type Schedule = typeof schedules.$inferSelect;
export type ScheduleRun = typeof scheduleRuns.$inferSelect;
