ALTER TABLE `subscriptions` ADD `payment_failed_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `next_payment_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `payment_event_at` integer;