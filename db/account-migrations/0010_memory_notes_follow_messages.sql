-- The note under an answer copies memory texts (decision 0027): it goes with its answer and its thread, however they
-- are deleted (one thread, "Delete all chats", a question edited or answered again). Messages leave by a foreign key
-- cascade from their thread, which fires these triggers too. Notes of threads deleted before this migration go now.
CREATE TRIGGER `chat_messages_memory_notes_delete` AFTER DELETE ON `chat_messages` BEGIN
	DELETE FROM `memory_notes` WHERE `message_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `chat_threads_memory_notes_delete` AFTER DELETE ON `chat_threads` BEGIN
	DELETE FROM `memory_notes` WHERE `thread_id` = OLD.`id`;
END;
--> statement-breakpoint
DELETE FROM `memory_notes` WHERE `thread_id` NOT IN (SELECT `id` FROM `chat_threads`);
