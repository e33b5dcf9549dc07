CREATE INDEX `email_tokens_expires` ON `email_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `stripe_events_received` ON `stripe_events` (`received_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_link_codes_expires` ON `whatsapp_link_codes` (`expires_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_messages_received` ON `whatsapp_messages` (`received_at`);--> statement-breakpoint
CREATE INDEX `whatsapp_replies_created` ON `whatsapp_replies` (`created_at`);