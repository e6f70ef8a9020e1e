-- Order truth: an order's identity across sources (store, ShipStation id, customer), its status, and how it
-- arrived. Orders already stored get theirs from what their sources sent.
CREATE TABLE `order_deliveries` (
	`order_id` integer NOT NULL,
	`route` text NOT NULL,
	`label` text NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`order_id`, `route`),
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `orders_source_external_id_idx`;--> statement-breakpoint
DROP INDEX `orders_account_placed_at_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `store` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipstation_order_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `status` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `counts` integer GENERATED ALWAYS AS ((status IS NULL OR status NOT IN ('cancelled', 'rejected_fulfillment'))) VIRTUAL NOT NULL;--> statement-breakpoint
ALTER TABLE `import_runs` ADD `customers_changed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_runs` ADD `customer_changes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Orders stored before now: the customer is the account's e-mail; the status and store are read from what
-- each source sent (an export's "Order - Status" and "Market - Store Name" columns, the API's orderStatus);
-- an API order's ShipStation id is its external id.
UPDATE `orders` SET
	`customer_email` = coalesce((SELECT `email` FROM `accounts` WHERE `accounts`.`id` = `orders`.`account_id`), ''),
	`shipstation_order_id` = CASE WHEN `source` = 'shipstation' THEN CAST(`external_id` AS INTEGER) END,
	`store` = nullif(trim(coalesce(`raw` ->> '$.details."Market - Store Name"', `raw` ->> '$.details."Store Name"', `raw` ->> '$.details."Store"', '')), ''),
	`status` = (SELECT CASE WHEN `said` = 'canceled' THEN 'cancelled'
			WHEN `said` IN ('awaiting_payment', 'awaiting_shipment', 'pending_fulfillment', 'shipped', 'on_hold', 'cancelled', 'rejected_fulfillment') THEN `said` END
		FROM (SELECT replace(replace(lower(trim(coalesce(`raw` ->> '$.details.orderStatus', `raw` ->> '$.details."Order - Status"', `raw` ->> '$.details."Order Status"', `raw` ->> '$.details."Status"', ''))), ' ', '_'), '-', '_') AS `said`));
--> statement-breakpoint
-- The indexes after the rows are filled in: one sort each rather than a visit per row.
CREATE UNIQUE INDEX `orders_shipstation_order_id_idx` ON `orders` (`shipstation_order_id`) WHERE "orders"."shipstation_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_unnumbered_idx` ON `orders` (`source`,`external_id`) WHERE "orders"."order_number" IS NULL;--> statement-breakpoint
CREATE INDEX `orders_account_counted_idx` ON `orders` (`account_id`,`counts`,`placed_at`,`total_cents`);--> statement-breakpoint
INSERT INTO `order_deliveries` (`order_id`, `route`, `label`, `first_at`, `last_at`)
SELECT `id`, CASE `source` WHEN 'csv' THEN 'csv' ELSE 'backfill' END, CASE `source` WHEN 'csv' THEN 'CSV import' ELSE 'ShipStation API' END, `created_at`, `updated_at` FROM `orders`;
--> statement-breakpoint
-- The same order stored twice, once from an export and once from the API (the same number and customer):
-- the API's row stays, with the export's store where the API named none and both deliveries; the export's
-- goes. The first start after this recounts the accounts listed here and those with cancelled or rejected
-- orders, then drops the table (core/orders/order-truth-upgrade.ts).
CREATE TABLE `order_truth_merges` (`csv_order_id` integer PRIMARY KEY NOT NULL, `api_order_id` integer NOT NULL, `account_id` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `order_truth_merges` (`csv_order_id`, `api_order_id`, `account_id`)
SELECT `csv`.`id`, min(`api`.`id`), `csv`.`account_id` FROM `orders` AS `csv`
JOIN `orders` AS `api` ON `api`.`order_number` = `csv`.`order_number` AND `api`.`account_id` = `csv`.`account_id` AND `api`.`source` = 'shipstation'
WHERE `csv`.`source` = 'csv' GROUP BY `csv`.`id`;
--> statement-breakpoint
UPDATE `orders` SET `store` = (SELECT `csv`.`store` FROM `order_truth_merges` AS `merge` JOIN `orders` AS `csv` ON `csv`.`id` = `merge`.`csv_order_id` WHERE `merge`.`api_order_id` = `orders`.`id` LIMIT 1)
WHERE `store` IS NULL AND `id` IN (SELECT `api_order_id` FROM `order_truth_merges`);
--> statement-breakpoint
INSERT OR IGNORE INTO `order_deliveries` (`order_id`, `route`, `label`, `first_at`, `last_at`)
SELECT `merge`.`api_order_id`, `delivery`.`route`, `delivery`.`label`, `delivery`.`first_at`, `delivery`.`last_at`
FROM `order_truth_merges` AS `merge` JOIN `order_deliveries` AS `delivery` ON `delivery`.`order_id` = `merge`.`csv_order_id`;
--> statement-breakpoint
DELETE FROM `orders` WHERE `id` IN (SELECT `csv_order_id` FROM `order_truth_merges`);
