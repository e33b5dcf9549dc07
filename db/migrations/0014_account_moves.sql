CREATE TABLE `account_moves` (
	`account_id` text PRIMARY KEY NOT NULL,
	`rows` integer NOT NULL,
	`moved_at` integer NOT NULL
);
