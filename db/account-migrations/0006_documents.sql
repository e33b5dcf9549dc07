CREATE TABLE `document_pages` (
	`document_id` text NOT NULL,
	`number` integer NOT NULL,
	`heading` text,
	`text` text NOT NULL,
	PRIMARY KEY(`document_id`, `number`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`r2_key` text NOT NULL,
	`bytes` integer NOT NULL,
	`pages` integer,
	`state` text DEFAULT 'reading' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`failure` text,
	`chars` integer DEFAULT 0 NOT NULL,
	`thread_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_created` ON `documents` (`created_at`);--> statement-breakpoint
CREATE INDEX `documents_thread` ON `documents` (`thread_id`) WHERE "documents"."thread_id" is not null;