PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_shared_links` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`title` text NOT NULL,
	`show_name` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_shared_links`("id", "owner_id", "thread_id", "title", "show_name", "created_at", "updated_at") SELECT "id", "owner_id", "thread_id", "title", "show_name", "created_at", "updated_at" FROM `shared_links`;--> statement-breakpoint
DROP TABLE `shared_links`;--> statement-breakpoint
ALTER TABLE `__new_shared_links` RENAME TO `shared_links`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `shared_links_thread` ON `shared_links` (`thread_id`);--> statement-breakpoint
CREATE INDEX `shared_links_owner_created` ON `shared_links` (`owner_id`,`created_at`);