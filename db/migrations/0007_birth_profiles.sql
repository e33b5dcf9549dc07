-- Birth data entered once (decision 0016): one row per account (a user id, or a visitor's guest id), reused by every
-- horoscope form that needs it. The place is an id of the offline city list (app/.server/horoscope/places.json).
CREATE TABLE `birth_profiles` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`birth_date` text NOT NULL,
	`birth_time` text,
	`place_id` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
