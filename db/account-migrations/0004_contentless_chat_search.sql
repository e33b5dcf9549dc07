-- The chat search index without its own copy of the text (decision 0026, "History and search stay fast"). Migration
-- 0001's chat_search stored every title and message a second time, and a search read those stored rows, text and all,
-- only to learn each match's thread: most of its time. Contentless (content=''), the index keeps the words; with
-- contentless_unindexed (SQLite 3.47) it still stores the small UNINDEXED ids a search returns, and with
-- contentless_delete its rows can still be deleted by the triggers. owner_id goes: an object holds one account.
-- A custom migration (`drizzle-kit generate --custom`): drizzle does not model virtual tables.
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
DROP TABLE `chat_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `chat_search` USING fts5(
	`body`,
	`thread_id` UNINDEXED,
	`message_id` UNINDEXED,
	content = '',
	contentless_delete = 1,
	contentless_unindexed = 1,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`) SELECT `title`, `id`, NULL FROM `chat_threads`;
--> statement-breakpoint
INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`)
SELECT `content`, `thread_id`, `id` FROM `chat_messages` WHERE `status` <> 'streaming' AND `content` <> '';
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_insert` AFTER INSERT ON `chat_threads` BEGIN
	INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`) VALUES (NEW.`title`, NEW.`id`, NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_update` AFTER UPDATE OF `title` ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `thread_id` = OLD.`id` AND `message_id` IS NULL;
	INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`) VALUES (NEW.`title`, NEW.`id`, NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_delete` AFTER DELETE ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `thread_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Messages are indexed once they are final (a streaming answer changes many times a second).
CREATE TRIGGER `chat_messages_search_insert` AFTER INSERT ON `chat_messages` WHEN NEW.`status` <> 'streaming' AND NEW.`content` <> '' BEGIN
	INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`) VALUES (NEW.`content`, NEW.`thread_id`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_update` AFTER UPDATE OF `content`, `status` ON `chat_messages` WHEN NEW.`status` <> 'streaming' BEGIN
	DELETE FROM `chat_search` WHERE `message_id` = OLD.`id`;
	INSERT INTO `chat_search` (`body`, `thread_id`, `message_id`) SELECT NEW.`content`, NEW.`thread_id`, NEW.`id` WHERE NEW.`content` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_delete` AFTER DELETE ON `chat_messages` BEGIN
	DELETE FROM `chat_search` WHERE `message_id` = OLD.`id`;
END;
