-- Full-text search over the pages of the account's documents (decision 0031): a question about a long
-- document is sent its best pages by bm25. Contentless like chat_search (migration 0004): the text stays in
-- document_pages, the index keeps the words and the small UNINDEXED ids a search returns, and its rows are kept in
-- step by triggers on document_pages' rowid. A custom migration (`drizzle-kit generate --custom`): drizzle does not
-- model virtual tables.
CREATE VIRTUAL TABLE `document_search` USING fts5(
	`text`,
	`document_id` UNINDEXED,
	`number` UNINDEXED,
	content = '',
	contentless_delete = 1,
	contentless_unindexed = 1,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `document_pages_search_insert` AFTER INSERT ON `document_pages` BEGIN
	INSERT INTO `document_search` (`rowid`, `text`, `document_id`, `number`) VALUES (NEW.`rowid`, COALESCE(NEW.`heading` || ' ', '') || NEW.`text`, NEW.`document_id`, NEW.`number`);
END;
--> statement-breakpoint
CREATE TRIGGER `document_pages_search_delete` AFTER DELETE ON `document_pages` BEGIN
	DELETE FROM `document_search` WHERE `rowid` = OLD.`rowid`;
END;
