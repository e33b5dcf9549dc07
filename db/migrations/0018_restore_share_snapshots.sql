-- The snapshot rows copied aside by 0016 go back under their links (0017 rebuilt shared_links, and its DROP deleted
-- them by cascade). A row that survived, where foreign keys were not enforced, is kept as it is.
INSERT INTO `shared_messages` (`share_id`, `position`, `role`, `content`, `model`, `attachment_id`, `created_at`)
SELECT `share_id`, `position`, `role`, `content`, `model`, `attachment_id`, `created_at` FROM `shared_messages_kept` AS `kept`
WHERE EXISTS (SELECT 1 FROM `shared_links` WHERE `shared_links`.`id` = `kept`.`share_id`)
ON CONFLICT (`share_id`, `position`) DO NOTHING;
--> statement-breakpoint
DROP TABLE `shared_messages_kept`;
