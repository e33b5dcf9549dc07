// What the deployed worker (workers/app.ts) needs from the app beyond Remix's request handler: the Durable Object
// classes, the queue consumers, the cron's retention, the chat turn and the request set-up it runs before Remix. It reaches them through
// the Remix server build (app/entry.server.tsx re-exports this module as `workerParts`, in the production build only),
// never by importing app modules itself, so every app module is in the deployed bundle once (decision 0019,
// "The worker bundles the app once").
export { ACCOUNT_DELETIONS_QUEUE, processAccountDeletions, resumeDeletions } from "./account/deletion";
export { ACCOUNT_MOVES_QUEUE, accountMovesAdmin, processAccountMoves } from "./account/moves";
export { Account } from "./account/object";
export { AuthThrottle } from "./auth/throttle-counter";
export { CreditsCounter } from "./credits/counter";
export { RequestDatabase } from "./db-session";
export { ConfigError, loadConfig, withBindings } from "./env";
export { AppError } from "./errors";
export { processDataExports } from "./exports/consumer";
export { DATA_EXPORTS_QUEUE } from "./exports/messages";
export { postChat } from "./http/chat";
export { D1_BOOKMARK_COOKIE, d1BookmarkCookie, readD1Bookmark } from "./http/d1-bookmark";
export { createLoadContext, createNonce } from "./http/load-context";
export { apiError, errorMessage, toAppError } from "./http/respond";
export { PLAIN_GUEST_COOKIE, SECURE_GUEST_COOKIE } from "./identity";
export { processImageJobs } from "./images/consumer";
export { isImageJobMessage } from "./images/messages";
export { MEMORY_JOBS_QUEUE, processMemoryJobs } from "./memory/jobs";
export { pruneSharedRows } from "./retention";
export { applyBaselineHeaders, isCrossSiteRequest } from "./security";
export { whatsappPauseAdmin } from "./whatsapp/billing-pause";
export { processInbox, WHATSAPP_INBOX_QUEUE } from "./whatsapp/inbox";
export { WhatsAppNumber } from "./whatsapp/number-object";
export { deliverJobResults } from "./whatsapp/tasks";
export { expiredCookie, malformedCookies, SIDEBAR_COOKIE, TIME_ZONE_COOKIE } from "../lib/cookies";
