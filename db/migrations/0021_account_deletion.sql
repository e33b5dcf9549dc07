CREATE TABLE `account_deletions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`owners` text NOT NULL,
	`step` text DEFAULT 'storage' NOT NULL,
	`requested_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `deleting_at` integer;