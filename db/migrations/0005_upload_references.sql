CREATE INDEX `chat_messages_attachment` ON `chat_messages` (`attachment_id`) WHERE "chat_messages"."attachment_id" is not null;--> statement-breakpoint
CREATE INDEX `image_jobs_source_upload` ON `image_jobs` (`source_upload_id`) WHERE "image_jobs"."source_upload_id" is not null;--> statement-breakpoint
CREATE INDEX `uploads_created` ON `uploads` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_profile_photo_key` ON `users` (`profile_photo_key`) WHERE "users"."profile_photo_key" is not null;