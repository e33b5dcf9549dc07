-- Migration 0017 rebuilds shared_links without its foreign key to chat_threads (threads live in each account's own
-- object now, decision 0026). D1 enforces foreign keys, so dropping the old shared_links deletes every snapshot row
-- by cascade: they are copied aside here and put back by 0018. Drizzle does not model this; a custom migration
-- (`drizzle-kit generate --custom`).
CREATE TABLE `shared_messages_kept` AS SELECT * FROM `shared_messages`;
