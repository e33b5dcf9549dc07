CREATE TABLE `account_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `birth_profiles` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`birth_date` text NOT NULL,
	`birth_time` text,
	`place_id` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`role` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`model` text,
	`status` text DEFAULT 'complete' NOT NULL,
	`error_code` text,
	`feedback` text,
	`attachment_id` text,
	`credit_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_thread_created` ON `chat_messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_credit_key` ON `chat_messages` (`credit_key`);--> statement-breakpoint
CREATE INDEX `chat_messages_attachment` ON `chat_messages` (`attachment_id`) WHERE "chat_messages"."attachment_id" is not null;--> statement-breakpoint
CREATE TABLE `chat_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`tool` text DEFAULT 'web-main' NOT NULL,
	`tool_path` text,
	`title` text NOT NULL,
	`starred` integer DEFAULT false NOT NULL,
	`channel` text DEFAULT 'web' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_threads_updated` ON `chat_threads` (`updated_at`);--> statement-breakpoint
CREATE INDEX `chat_threads_starred_updated` ON `chat_threads` (`starred`,`updated_at`);--> statement-breakpoint
CREATE TABLE `credit_charges` (
	`key` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`cost` integer NOT NULL,
	`refunded` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`linked` text
);
--> statement-breakpoint
CREATE INDEX `credit_charges_day` ON `credit_charges` (`day`,`refunded`);--> statement-breakpoint
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
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `data_exports_created` ON `data_exports` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `data_exports_one_active` ON `data_exports` (`owner_id`) WHERE "data_exports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX `data_exports_status_expires` ON `data_exports` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `gallery_images` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`job_id` text NOT NULL,
	`tool` text NOT NULL,
	`prompt` text DEFAULT '' NOT NULL,
	`model` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gallery_images_job` ON `gallery_images` (`job_id`);--> statement-breakpoint
CREATE INDEX `gallery_images_created` ON `gallery_images` (`created_at`);--> statement-breakpoint
CREATE TABLE `image_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`tool` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`prompt` text DEFAULT '' NOT NULL,
	`model` text NOT NULL,
	`params` text DEFAULT '{}' NOT NULL,
	`source_upload_id` text,
	`credit_key` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error_code` text,
	`result_text` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `image_jobs_created` ON `image_jobs` (`created_at`);--> statement-breakpoint
CREATE INDEX `image_jobs_source_upload` ON `image_jobs` (`source_upload_id`) WHERE "image_jobs"."source_upload_id" is not null;--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `uploads_created` ON `uploads` (`created_at`);--> statement-breakpoint
CREATE TABLE `voice_notes` (
	`message_id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`seconds` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
