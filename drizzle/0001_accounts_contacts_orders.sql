CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`domain` text,
	`phone` text,
	`list_type` text DEFAULT 'new' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`order_count` integer DEFAULT 0 NOT NULL,
	`total_order_cents` integer DEFAULT 0 NOT NULL,
	`first_order_at` integer,
	`last_order_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_unique` ON `accounts` (`email`);--> statement-breakpoint
CREATE INDEX `accounts_name_idx` ON `accounts` ("name" COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `accounts_domain_idx` ON `accounts` (`domain`);--> statement-breakpoint
CREATE INDEX `accounts_created_at_idx` ON `accounts` (`created_at`);--> statement-breakpoint
CREATE INDEX `accounts_last_order_at_idx` ON `accounts` (`last_order_at`,`id`);--> statement-breakpoint
CREATE INDEX `accounts_order_count_idx` ON `accounts` (`order_count`,`id`);--> statement-breakpoint
CREATE INDEX `accounts_total_order_cents_idx` ON `accounts` (`total_order_cents`,`id`);--> statement-breakpoint
CREATE INDEX `accounts_list_type_idx` ON `accounts` (`list_type`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`email` text,
	`phone` text,
	`title` text,
	`is_primary` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contacts_account_id_idx` ON `contacts` (`account_id`,`is_primary`);--> statement-breakpoint
CREATE INDEX `contacts_email_idx` ON `contacts` (`email`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`source` text NOT NULL,
	`external_id` text NOT NULL,
	`order_number` text,
	`placed_at` integer NOT NULL,
	`total_cents` integer,
	`raw` text NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_source_external_id_idx` ON `orders` (`source`,`external_id`);--> statement-breakpoint
CREATE INDEX `orders_account_placed_at_idx` ON `orders` (`account_id`,`placed_at`,`total_cents`);--> statement-breakpoint
CREATE INDEX `orders_order_number_idx` ON `orders` (`order_number`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`received_at` integer,
	`byte_size` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
