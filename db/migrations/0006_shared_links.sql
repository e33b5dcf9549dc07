CREATE TABLE `shared_links` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`title` text NOT NULL,
	`show_name` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_links_thread` ON `shared_links` (`thread_id`);--> statement-breakpoint
CREATE INDEX `shared_links_owner_created` ON `shared_links` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `shared_messages` (
	`share_id` text NOT NULL,
	`position` integer NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`model` text,
	`attachment_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`share_id`, `position`),
	FOREIGN KEY (`share_id`) REFERENCES `shared_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_messages_attachment` ON `shared_messages` (`attachment_id`) WHERE "shared_messages"."attachment_id" is not null;