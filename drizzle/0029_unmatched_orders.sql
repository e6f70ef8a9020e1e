CREATE TABLE `unmatched_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`external_id` text NOT NULL,
	`order_number` text,
	`store` text,
	`shipstation_order_id` integer,
	`status` text,
	`placed_at` integer NOT NULL,
	`total_cents` integer,
	`raw` text NOT NULL,
	`content_hash` text NOT NULL,
	`deliveries` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `unmatched_orders_shipstation_order_id_idx` ON `unmatched_orders` (`shipstation_order_id`) WHERE "unmatched_orders"."shipstation_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `unmatched_orders_order_number_idx` ON `unmatched_orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `unmatched_orders_unnumbered_idx` ON `unmatched_orders` (`source`,`external_id`) WHERE "unmatched_orders"."order_number" IS NULL;--> statement-breakpoint
CREATE INDEX `unmatched_orders_placed_at_idx` ON `unmatched_orders` (`placed_at`);