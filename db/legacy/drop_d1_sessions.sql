-- D1's sessions from before they lived in each account's object (decision 0039), with their indexes. Nothing writes
-- the table; it is read only for a cookie of the old format (app/.server/auth/legacy-session.ts), whose session is
-- moved into the account's object once.
-- NOT in db/migrations yet: it runs once SESSION_POLICY.absoluteMs (app/.server/auth/policy.ts, 180 days) has passed
-- since decision 0039 was deployed, when no row here can be a live session. Then one change moves this file into
-- db/migrations (renumbered after the newest) and deletes the legacy reader (auth/legacy-session.ts, with the old
-- cookie's parsing, and its use in auth/session.ts's sessionOf), `legacySessions` in db/legacy-schema.ts and the
-- retention rule for `sessions` (app/.server/retention.ts). The app already treats an old cookie as an ended session and the cron
-- skips the table when it is gone: tests/integration/sessions-drop.test.ts runs this file.
DROP TABLE IF EXISTS `sessions`;
