ALTER TABLE `chat_threads` ADD `from_share` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `memory_notes` ADD `offer` integer DEFAULT false NOT NULL;