-- Full-text search over chat titles and message text (FTS5 works in Durable Object SQLite). Triggers keep it in
-- step with the tables, so no application code can forget to index. Drizzle does not model virtual tables: this is
-- a custom migration made with `drizzle-kit generate --custom`, the same as D1 migration 0001 it replaces.
CREATE VIRTUAL TABLE `chat_search` USING fts5(
	`body`,
	`owner_id` UNINDEXED,
	`thread_id` UNINDEXED,
	`message_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_insert` AFTER INSERT ON `chat_threads` BEGIN
	INSERT INTO `chat_search` (`body`, `owner_id`, `thread_id`, `message_id`) VALUES (NEW.`title`, NEW.`owner_id`, NEW.`id`, NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_update` AFTER UPDATE OF `title`, `owner_id` ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `thread_id` = OLD.`id` AND `message_id` IS NULL;
	INSERT INTO `chat_search` (`body`, `owner_id`, `thread_id`, `message_id`) VALUES (NEW.`title`, NEW.`owner_id`, NEW.`id`, NULL);
	UPDATE `chat_search` SET `owner_id` = NEW.`owner_id` WHERE `thread_id` = NEW.`id` AND NEW.`owner_id` <> OLD.`owner_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_search_delete` AFTER DELETE ON `chat_threads` BEGIN
	DELETE FROM `chat_search` WHERE `thread_id` = OLD.`id`;
END;
--> statement-breakpoint
-- Messages are indexed once they are final (a streaming answer changes many times a second).
CREATE TRIGGER `chat_messages_search_insert` AFTER INSERT ON `chat_messages` WHEN NEW.`status` <> 'streaming' AND NEW.`content` <> '' BEGIN
	INSERT INTO `chat_search` (`body`, `owner_id`, `thread_id`, `message_id`)
	SELECT NEW.`content`, `owner_id`, NEW.`thread_id`, NEW.`id` FROM `chat_threads` WHERE `id` = NEW.`thread_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_update` AFTER UPDATE OF `content`, `status` ON `chat_messages` WHEN NEW.`status` <> 'streaming' BEGIN
	DELETE FROM `chat_search` WHERE `message_id` = OLD.`id`;
	INSERT INTO `chat_search` (`body`, `owner_id`, `thread_id`, `message_id`)
	SELECT NEW.`content`, `owner_id`, NEW.`thread_id`, NEW.`id` FROM `chat_threads` WHERE `id` = NEW.`thread_id` AND NEW.`content` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `chat_messages_search_delete` AFTER DELETE ON `chat_messages` BEGIN
	DELETE FROM `chat_search` WHERE `message_id` = OLD.`id`;
END;
