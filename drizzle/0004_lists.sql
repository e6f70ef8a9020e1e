CREATE TABLE `lists` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`built_in` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lists_name_unique` ON `lists` ("name" COLLATE NOCASE);--> statement-breakpoint
DROP INDEX `accounts_list_type_idx`;--> statement-breakpoint
CREATE INDEX `accounts_list_summary_idx` ON `accounts` (`list_type`,`first_order_at`,`total_order_cents`,`last_order_at`);--> statement-breakpoint
INSERT INTO `lists` (`key`, `name`, `description`, `built_in`, `created_at`, `updated_at`) VALUES
  ('new', 'New', 'Customers who have just started ordering', 1, unixepoch() * 1000, unixepoch() * 1000),
  ('active', 'Active', 'Customers ordering regularly', 1, unixepoch() * 1000, unixepoch() * 1000),
  ('legacy', 'Legacy', 'Long-standing customers from before', 1, unixepoch() * 1000, unixepoch() * 1000);
