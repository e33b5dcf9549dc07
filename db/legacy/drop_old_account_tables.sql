-- The per-account tables D1 held before each account had its own object (decision 0026), and the move's own record.
-- NOT in db/migrations yet: it runs once `npm run accounts:move` reports every account moved (README "Deploying",
-- decision 0035-legacy-tables), by moving this file into db/migrations (renumbered after the newest) in the
-- same change that deletes db/legacy-schema.ts and the move's code. The app already answers as if these tables were
-- empty when they are gone: tests/integration/account-moves-drop.test.ts runs this file after a move.
-- Children first: voice notes name messages, messages name threads. Their indexes and search triggers go with them.
DROP TABLE IF EXISTS `voice_notes`;
--> statement-breakpoint
DROP TABLE IF EXISTS `chat_messages`;
--> statement-breakpoint
DROP TABLE IF EXISTS `chat_threads`;
--> statement-breakpoint
DROP TABLE IF EXISTS `chat_search`;
--> statement-breakpoint
DROP TABLE IF EXISTS `gallery_images`;
--> statement-breakpoint
DROP TABLE IF EXISTS `image_jobs`;
--> statement-breakpoint
DROP TABLE IF EXISTS `uploads`;
--> statement-breakpoint
DROP TABLE IF EXISTS `data_exports`;
--> statement-breakpoint
DROP TABLE IF EXISTS `birth_profiles`;
--> statement-breakpoint
DROP TABLE IF EXISTS `account_moves`;
