CREATE TABLE `schedule_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`at` integer NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`message_id` text,
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedule_runs_schedule` ON `schedule_runs` (`schedule_id`,`at`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`tool` text NOT NULL,
	`model` text,
	`reading` text,
	`sign` text,
	`rule` text NOT NULL,
	`time_zone` text NOT NULL,
	`delivery` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`origin` text DEFAULT '' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`next_run_at` integer,
	`thread_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `schedules_next_run` ON `schedules` (`next_run_at`);