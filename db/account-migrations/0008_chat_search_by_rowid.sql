-- The chat search index keyed by its rows' own rowids, as document_search is (migration 0007). Migration 0004's
-- triggers deleted index rows by `message_id` / `thread_id`, UNINDEXED columns FTS5 cannot look up: every rename,
-- finished answer, edit, regenerate and delete scanned the whole index, and deleting all chats was quadratic in the
-- history (decision 0026, "History and search stay fast"). Now a message's index row has the message's rowid and a
-- thread title's has the thread's rowid negated (the two tables' rowids overlap), so each change touches one index
-- row by key. The tables have no INTEGER PRIMARY KEY, so their rowids would move only under VACUUM, which a Durable
-- Object's storage does not run. A custom migration (`drizzle-kit generate --custom`): drizzle does not model
-- virtual tables.
DROP TRIGGER `chat_threads_search_insert`;
--> statement-breakpoint
DROP TRIGGER `chat_threads_search_update`;
--> statement-breakpoint
DROP TRIGGER `chat_threads_search_delete`;
--> statement-breakpoint
DROP TRIGGER `chat_messages_search_insert`;
--> statement-breakpoint
DROP TRIGGER `chat_messages_search_update`;
--> statement-breakpoint
DROP TRIGGER `chat_messages_search_delete`;
--> statement-breakpoint
-- The table itself stays (SQLite leaves a contentless_unindexed table's _content shadow behind when it is dropped,
-- and that shadow may not be dropped by hand): emptied, and filled again under the new keys.
INSERT INTO `chat_search` (`chat_search`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`) SELECT -`rowid`, `title`, `id`, NULL FROM `chat_threads`;
--> statement-breakpoint
INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`)
SELECT `rowid`, `content`, `thread_id`, `id` FROM `chat_messages` WHERE `status` <> 'streaming' AND `content` <> '';
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_insert` AFTER INSERT ON `chat_threads` BEGIN
	INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`) VALUES (-NEW.`rowid`, NEW.`title`, NEW.`id`, NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_update` AFTER UPDATE OF `title` ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `rowid` = -OLD.`rowid`;
	INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`) VALUES (-NEW.`rowid`, NEW.`title`, NEW.`id`, NULL);
END;
--> statement-breakpoint
-- The messages of a thread leave with it by the foreign key's cascade, which fires their own delete trigger.
CREATE TRIGGER `chat_threads_search_delete` AFTER DELETE ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `rowid` = -OLD.`rowid`;
END;
--> statement-breakpoint
-- Messages are indexed once they are final (a streaming answer changes many times a second).
CREATE TRIGGER `chat_messages_search_insert` AFTER INSERT ON `chat_messages` WHEN NEW.`status` <> 'streaming' AND NEW.`content` <> '' BEGIN
	INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`) VALUES (NEW.`rowid`, NEW.`content`, NEW.`thread_id`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_update` AFTER UPDATE OF `content`, `status` ON `chat_messages` WHEN NEW.`status` <> 'streaming' BEGIN
	DELETE FROM `chat_search` WHERE `rowid` = OLD.`rowid`;
	INSERT INTO `chat_search` (`rowid`, `body`, `thread_id`, `message_id`) SELECT NEW.`rowid`, NEW.`content`, NEW.`thread_id`, NEW.`id` WHERE NEW.`content` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_delete` AFTER DELETE ON `chat_messages` BEGIN
	DELETE FROM `chat_search` WHERE `rowid` = OLD.`rowid`;
END;
