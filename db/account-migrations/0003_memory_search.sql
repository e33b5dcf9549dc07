-- Full-text search over the account's memories (decision 0027): when there are too many to send with every turn, the
-- ones that match the question are picked by this index (app/.server/memory/context.ts). Triggers keep it in step
-- with the table. Drizzle does not model virtual tables: a custom migration (`drizzle-kit generate --custom`).
CREATE VIRTUAL TABLE `memory_search` USING fts5(
	`body`,
	`memory_id` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `memories_search_insert` AFTER INSERT ON `memories` BEGIN
	INSERT INTO `memory_search` (`body`, `memory_id`) VALUES (NEW.`text`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_search_update` AFTER UPDATE OF `text` ON `memories` BEGIN
	DELETE FROM `memory_search` WHERE `memory_id` = OLD.`id`;
	INSERT INTO `memory_search` (`body`, `memory_id`) VALUES (NEW.`text`, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `memories_search_delete` AFTER DELETE ON `memories` BEGIN
	DELETE FROM `memory_search` WHERE `memory_id` = OLD.`id`;
END;
