ALTER TABLE `accounts` ADD `list_pinned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `added_by_hand` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts staff added by hand are the ones whose timeline begins with 'Account created'; the others came from orders.
UPDATE `accounts` SET `added_by_hand` = 1 WHERE `id` IN (SELECT `account_id` FROM `activities` WHERE `kind` = 'account_created');
--> statement-breakpoint
-- A customer created from orders is a customer since its first order, not since the import that created it.
UPDATE `accounts` SET `created_at` = `first_order_at` WHERE `added_by_hand` = 0 AND `first_order_at` IS NOT NULL;
--> statement-breakpoint
-- And its timeline begins there: the entry of the orders that created it comes first.
UPDATE `activities` SET `occurred_at` = (SELECT `created_at` FROM `accounts` WHERE `accounts`.`id` = `activities`.`account_id`)
WHERE `id` IN (SELECT min(`id`) FROM `activities` GROUP BY `account_id`)
  AND `kind` IN ('orders_imported', 'orders_received')
  AND `account_id` IN (SELECT `id` FROM `accounts` WHERE `added_by_hand` = 0);
--> statement-breakpoint
-- Until now only staff moved accounts out of New: those choices are kept, and the rest follow order activity
-- from the server's next start.
UPDATE `accounts` SET `list_pinned` = 1 WHERE `list_type` <> 'new';
