-- When each session last proved it is the account's owner (a sign-in or "confirm it's you"): the changes that could
-- lock the owner out need it to be recent (SECURITY.md "Passwords and sign-in", docs/decisions/0005-accounts.md).
-- Sessions from before this column get 0, so they are asked to confirm once. (drizzle-kit also proposed birth_profiles
-- here, because 0007 was written by hand without a snapshot; 0007 creates that table, and 0009's snapshot has it.)
ALTER TABLE `sessions` ADD `signed_in_at` integer DEFAULT 0 NOT NULL;
