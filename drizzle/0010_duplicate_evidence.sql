ALTER TABLE `accounts` ADD `ship_to_street` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `ship_to_postal_code` text;--> statement-breakpoint
-- Each account's latest ship-to, as the recount keeps it from now on.
UPDATE `accounts` SET (`ship_to_street`, `ship_to_postal_code`) = (
  SELECT `raw` ->> '$.shipTo.street1', `raw` ->> '$.shipTo.postalCode' FROM `orders`
  WHERE `orders`.`account_id` = `accounts`.`id` ORDER BY `placed_at` DESC LIMIT 1)
WHERE `order_count` > 0;
--> statement-breakpoint
-- Pairs flagged by the old rules, which let one weak sign decide, are weighed again in the background by
-- the new ones; pairs staff dismissed stay dismissed.
DELETE FROM `duplicate_pairs` WHERE `state` = 'open';
--> statement-breakpoint
INSERT OR IGNORE INTO `duplicate_queue` (`account_id`) SELECT `id` FROM `accounts`;
