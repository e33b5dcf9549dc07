CREATE TABLE `research_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`question_message_id` text NOT NULL,
	`report_message_id` text,
	`question` text NOT NULL,
	`plan` text NOT NULL,
	`language` text NOT NULL,
	`engine` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`step_label` text,
	`sources_read` integer DEFAULT 0 NOT NULL,
	`charged_steps` integer DEFAULT 0 NOT NULL,
	`upstream_id` text,
	`link` text NOT NULL,
	`notes` text DEFAULT '[]' NOT NULL,
	`report` text,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `research_runs_started` ON `research_runs` (`started_at`);--> statement-breakpoint
CREATE INDEX `research_runs_thread` ON `research_runs` (`thread_id`);