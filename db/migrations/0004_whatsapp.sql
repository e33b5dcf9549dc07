CREATE TABLE `whatsapp_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inbound_id` text,
	`phone` text NOT NULL,
	`kind` text NOT NULL,
	`error_code` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `whatsapp_failures_created` ON `whatsapp_failures` (`created_at`);--> statement-breakpoint
CREATE TABLE `whatsapp_link_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`phone` text NOT NULL,
	`model` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_link_codes_user` ON `whatsapp_link_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`inbound_id` text,
	`phone` text,
	`status` text DEFAULT 'sent' NOT NULL,
	`error_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `whatsapp_replies_inbound` ON `whatsapp_replies` (`inbound_id`);--> statement-breakpoint
ALTER TABLE `chat_threads` ADD `channel` text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_links` ADD `model` text;--> statement-breakpoint
ALTER TABLE `whatsapp_links` ADD `last_inbound_at` integer;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `type` text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `status` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `error_code` text;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `job_id` text;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `whatsapp_messages_job` ON `whatsapp_messages` (`job_id`);