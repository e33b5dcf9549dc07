-- The storage quota counts every stored byte (decision 0013): the read-aloud cache gets rows with its sizes, and a
-- document keeps the bytes of its text (counted with its search index). Documents read before this count their text now.
CREATE TABLE `speech_audio` (
	`r2_key` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `speech_audio_message` ON `speech_audio` (`message_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `text_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `documents` SET `text_bytes` = (SELECT COALESCE(SUM(length(CAST(COALESCE(`heading`, '') || `text` AS BLOB))), 0) FROM `document_pages` WHERE `document_pages`.`document_id` = `documents`.`id`);
