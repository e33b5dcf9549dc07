CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`r2_key` text,
	`bytes` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_owner_created` ON `data_exports` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_one_active` ON `data_exports` (`owner_id`) WHERE "data_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX `data_exports_status_expires` ON `data_exports` (`status`,`expires_at`);