-- WhatsApp's bookkeeping before each number had its own object (decision 0036): dedupe, replies' statuses and failed
-- sends. Nothing has written these tables since; the number's object keeps the same rows for 30 days. The worker before
-- this change only deletes from them in an account deletion's last step, which is retried (decision 0033) if the drop
-- runs before the new worker is live: either order is safe (decision 0036, "The old tables dropped").
DROP TABLE IF EXISTS `whatsapp_failures`;--> statement-breakpoint
DROP TABLE IF EXISTS `whatsapp_messages`;--> statement-breakpoint
DROP TABLE IF EXISTS `whatsapp_replies`;
