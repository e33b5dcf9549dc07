CREATE TABLE `memories` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`source_thread_id` text,
	`source_message_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `memories_updated` ON `memories` (`updated_at`);--> statement-breakpoint
CREATE TABLE `memory_notes` (
	`message_id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`used` text DEFAULT '[]' NOT NULL,
	`updated` text DEFAULT '[]' NOT NULL,
	`pending` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `memory_notes_thread` ON `memory_notes` (`thread_id`);--> statement-breakpoint
CREATE TABLE `memory_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`about_you` text DEFAULT '' NOT NULL,
	`answer_style` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
