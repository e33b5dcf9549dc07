-- A temporary chat's attachments (decision 0027): the time each goes unless a saved chat uses it; null for every
-- other upload and document. Partial indexes: the alarm looks only at the few marked ones.
ALTER TABLE `documents` ADD `temporary_until` integer;--> statement-breakpoint
CREATE INDEX `documents_temporary` ON `documents` (`temporary_until`) WHERE "documents"."temporary_until" is not null;--> statement-breakpoint
ALTER TABLE `uploads` ADD `temporary_until` integer;--> statement-breakpoint
CREATE INDEX `uploads_temporary` ON `uploads` (`temporary_until`) WHERE "uploads"."temporary_until" is not null;