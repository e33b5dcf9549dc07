// The one source of truth for D1 tables. `npm run db:generate` turns changes into SQL under db/migrations,
// which wrangler and the tests apply alike. Times are epoch milliseconds (UTC).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
export const updatedAt = () =>
  integer("updated_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** A person with an account. accessLevel mirrors docs/product.md §6 ("basic" is the free plan). */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    displayName: text("display_name").notNull(),
    /** "pbkdf2-sha256$iterations$salt$hash"; null for accounts that only use Google/Apple. */
    passwordHash: text("password_hash"),
    profilePhotoKey: text("profile_photo_key"),
    accessLevel: text("access_level", { enum: ["basic", "pro"] })
      .notNull()
      .default("basic"),
    locale: text("locale", { enum: ["en", "tr"] })
      .notNull()
      .default("en"),
    stripeCustomerId: text("stripe_customer_id"),
    /** The voice chosen in Settings for read-aloud and WhatsApp voice replies (decision 0025); null is the default voice. */
    voice: text("voice"),
    paywallSeenAt: integer("paywall_seen_at", { mode: "number" }),
    disabledAt: integer("disabled_at", { mode: "number" }),
    /** Deletion was asked for (decision 0033): no sign-in from then on, and the deletion job removes the row when done. */
    deletingAt: integer("deleting_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_stripe_customer_unique").on(t.stripeCustomerId),
    // Abandoned-upload clean-up asks "is this upload someone's profile photo?" (images/cleanup.ts).
    index("users_profile_photo_key")
      .on(t.profilePhotoKey)
      .where(sql`${t.profilePhotoKey} is not null`),
  ],
);

/** How a user signs in (docs/product.md §3 login connections). At least one verified connection must remain (docs/product.md §5). */
export const loginConnections = sqliteTable(
  "login_connections",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["email", "google", "apple"] }).notNull(),
    /** The provider's stable subject (OIDC `sub`); the lower-cased address for "email". */
    subject: text("subject").notNull(),
    email: text("email"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("login_connections_provider_subject").on(t.provider, t.subject), index("login_connections_user").on(t.userId)],
);

/**
 * Passkeys (WebAuthn credentials, decision 0028). Each is a way to sign in that satisfies both steps, and counts as a
 * verified login connection (docs/product.md §5). `credentialId` and `publicKey` are base64url; `counter` is the
 * authenticator's signature counter, which must never go backwards (0 for authenticators that keep none).
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of the transports the authenticator named ("internal", "hybrid", "usb", ...), or null. */
    transports: text("transports"),
    /** Named after the device it was made on; the owner may rename it (at most 50 characters). */
    name: text("name").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("passkeys_credential").on(t.credentialId), index("passkeys_user").on(t.userId)],
);

/**
 * A WebAuthn challenge that was answered once (decision 0028): the challenge itself travels in a signed cookie, so
 * nothing is written when one is asked for; a used one is kept until it expires so the same answer is refused again.
 */
export const usedPasskeyChallenges = sqliteTable(
  "used_passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("used_passkey_challenges_expires").on(t.expiresAt)],
);

/**
 * Two-step sign-in with an authenticator app (TOTP, decision 0028). `secret` is the key encrypted with AES-GCM under a
 * key derived from SESSION_SECRET; `enabledAt` is null while set-up waits for its first code. `lastStep` is the newest
 * 30-second step a code was accepted for: a code is accepted once, so a step at or before it is refused.
 */
export const twoStepSecrets = sqliteTable("two_step_secrets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: integer("enabled_at", { mode: "number" }),
  lastStep: integer("last_step").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * One-time recovery codes for two-step sign-in: ten at a time, only an HMAC-SHA256 of each kept, under a key derived
 * from SESSION_SECRET (rows made before that hold a plain SHA-256 and still work once: decision 0028).
 */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_hash").on(t.userId, t.codeHash)],
);

/** "Recent security activity" in Settings: passkeys added and removed, two-step on and off, recovery codes used or renewed. */
export const securityEvents = sqliteTable(
  "security_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["passkey-added", "passkey-removed", "two-step-on", "two-step-off", "recovery-code-used", "recovery-codes-renewed"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("security_events_user_created").on(t.userId, t.createdAt)],
);

/** Single-use, expiring tokens for email verification and password reset; stored only as hashes. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password", "sign-in-link", "remove-passkeys"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_hash").on(t.tokenHash),
    index("email_tokens_user").on(t.userId, t.purpose),
    // The retention cron deletes long-expired tokens by it (docs/decisions/0032-retention.md).
    index("email_tokens_expires").on(t.expiresAt),
  ],
);

/** Every email the product sends. Locally this is the outbox the development mailbox page lists. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed", "local"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created").on(t.createdAt)],
);

/**
 * A public, read-only link to a snapshot of a thread (/share/<id>). One per thread: "Update link" replaces the
 * snapshot under the same id. The id is 128 random bits (base64url), so the link itself is the permission to read.
 * The thread lives in its account's own object (decision 0026), so no foreign key can reach it: deleting the thread or
 * all chats deletes the link in code (share/links.ts), deleting the account by cascade; revoking deletes them too.
 */
export const sharedLinks = sqliteTable(
  "shared_links",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: text("thread_id").notNull(),
    /** The thread's title when the snapshot was taken. */
    title: text("title").notNull(),
    /** The owner chose to show their display name on the shared page (hidden by default). */
    showName: integer("show_name", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    /** When the snapshot was last taken ("Update link"). */
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("shared_links_thread").on(t.threadId), index("shared_links_owner_created").on(t.ownerId, t.createdAt)],
);

/** The messages of a shared link as they were when it was made: later messages are not shared until "Update link". */
export const sharedMessages = sqliteTable(
  "shared_messages",
  {
    shareId: text("share_id")
      .notNull()
      .references(() => sharedLinks.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    model: text("model"),
    attachmentId: text("attachment_id"),
    /** The original message's time. */
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.position] }),
    // Abandoned-upload clean-up asks "is this upload shown on a shared page?" (images/cleanup.ts).
    index("shared_messages_attachment")
      .on(t.attachmentId)
      .where(sql`${t.attachmentId} is not null`),
  ],
);

export const imageTools = ["image-generation", "logo-maker", "tattoo-generator", "photo-translate"] as const;
/** What a gallery entry was made with: a creation job's tool, or the horoscope's birth chart (saved without a job). */
export const galleryTools = [...imageTools, "horoscope"] as const;

/** The user's Pro subscription, as last confirmed by Stripe. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id").notNull(),
    billingPeriod: text("billing_period", { enum: ["week", "month", "quarter", "year"] }).notNull(),
    currentPeriodEnd: integer("current_period_end", { mode: "number" }).notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** Stripe's event time of the state stored here, so an older event never overwrites a newer one. */
    stripeEventAt: integer("stripe_event_at", { mode: "number" }).notNull(),
    /** When the current invoice's payment last failed (invoice.payment_failed); cleared once an invoice is paid. */
    paymentFailedAt: integer("payment_failed_at", { mode: "number" }),
    /** When Stripe tries that payment again; null after a failure means Stripe has stopped retrying. */
    nextPaymentAttemptAt: integer("next_payment_attempt_at", { mode: "number" }),
    /** Event time of the payment fields above: invoice events are ordered apart from subscription events. */
    paymentEventAt: integer("payment_event_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_user").on(t.userId)],
);

/** Stripe event ids already applied: each event changes state once, however often it is delivered. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: integer("received_at", { mode: "number" }).notNull(),
  },
  // Kept past Stripe's retries, then deleted by the retention cron through this index (docs/decisions/0032-retention.md).
  (t) => [index("stripe_events_received").on(t.receivedAt)],
);

/**
 * Stripe Checkout Sessions this app created, and for whom. Only a session recorded here may name the user it pays for
 * (its client_reference_id); one made elsewhere on the same Stripe account is ignored (docs/decisions/0007-billing.md).
 */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_user").on(t.userId)],
);

/** A WhatsApp number linked to a web account (same history, Pro required). One account per number and per account. */
export const whatsappLinks = sqliteTable(
  "whatsapp_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** E.164 digits without "+", as WhatsApp's `wa_id`. */
    phone: text("phone").notNull(),
    /** The conversation WhatsApp messages continue; "/new" clears it. */
    threadId: text("thread_id"),
    /** The catalogue model WhatsApp chat answers with: the one chosen on the web when the link code was made. */
    model: text("model"),
    verifiedAt: integer("verified_at", { mode: "number" }),
    /** When the number was linked: the window's start (the user's last message) is kept by the number's object (decision 0036). */
    lastInboundAt: integer("last_inbound_at", { mode: "number" }),
    /** The person asked for voice notes to be answered with a voice note too (with WHATSAPP_VOICE_REPLIES on; decision 0025). */
    voiceReplies: integer("voice_replies", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("whatsapp_links_phone").on(t.phone), uniqueIndex("whatsapp_links_user").on(t.userId)],
);

/** One-time codes the WhatsApp dialog hands out (inside a wa.me link); the first message carrying one links its sender. */
export const whatsappLinkCodes = sqliteTable(
  "whatsapp_link_codes",
  {
    code: text("code").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The number entered in the dialog (E.164 digits), shown back to the user; the link is made for the sender. */
    phone: text("phone").notNull(),
    model: text("model"),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("whatsapp_link_codes_user").on(t.userId), index("whatsapp_link_codes_expires").on(t.expiresAt)],
);

/** Product analytics (page_view with its path, after_login_paywall_seen, ...). */
export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    path: text("path"),
    userId: text("user_id"),
    guestId: text("guest_id"),
    props: text("props"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created").on(t.name, t.createdAt)],
);

/**
 * An account being deleted (decision 0033): what the deletion job's later steps need once the account's object is
 * wiped, kept until the last step, which deletes this row with the user's. No foreign key: it outlives nothing, and
 * the users row it names is deleted in the same batch as it.
 */
export const accountDeletions = sqliteTable("account_deletions", {
  userId: text("user_id").primaryKey(),
  /** The address, for its outbox rows; gone with the row. */
  email: text("email").notNull(),
  /** JSON array: the account id and every guest id merged into it (their R2 folders and analytics rows go too). */
  owners: text("owners").notNull(),
  /** The next step of the job (account/deletion.ts): storage, files, counters, rows. */
  step: text("step", { enum: ["storage", "files", "counters", "rows"] })
    .notNull()
    .default("storage"),
  requestedAt: integer("requested_at", { mode: "number" }).notNull(),
});

export type User = typeof users.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type SecurityEventKind = (typeof securityEvents.$inferSelect)["kind"];
