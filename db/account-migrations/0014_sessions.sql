CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`user_agent` text,
	`signed_in_at` integer DEFAULT 0 NOT NULL,
	`second_factor_at` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `viewer_profile` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`email_verified` integer NOT NULL,
	`profile_photo_key` text,
	`other_way_in` integer NOT NULL,
	`disabled_at` integer,
	`deleting_at` integer,
	`access_level` text NOT NULL,
	`pro_until` integer,
	`paywall_seen_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
