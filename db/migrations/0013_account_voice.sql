-- The voice an account chose in Settings for read-aloud and WhatsApp voice replies (decision 0025); null: the default.
ALTER TABLE `users` ADD `voice` text;