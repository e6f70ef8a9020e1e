CREATE TABLE `bulk_change_accounts` (
	`bulk_change_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`before_list_type` text NOT NULL,
	`before_list_pinned` integer NOT NULL,
	`before_owner_user_id` integer,
	`after_list_type` text,
	`after_list_pinned` integer,
	`after_owner_user_id` integer,
	PRIMARY KEY(`bulk_change_id`, `account_id`),
	FOREIGN KEY (`bulk_change_id`) REFERENCES `bulk_changes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bulk_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`changed_at` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`undone_at` integer,
	`undone_by_name` text,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bulk_changes_changed_at_idx` ON `bulk_changes` (`changed_at`);--> statement-breakpoint
CREATE TABLE `merges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`merged_at` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`target_id` integer NOT NULL,
	`snapshot` text NOT NULL,
	`undone_at` integer,
	`undone_by_name` text,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `merges_target_idx` ON `merges` (`target_id`,`merged_at`);--> statement-breakpoint
CREATE INDEX `merges_merged_at_idx` ON `merges` (`merged_at`);--> statement-breakpoint
CREATE TABLE `recycle_bin` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`record_key` text NOT NULL,
	`account_id` integer,
	`label` text NOT NULL,
	`record` text NOT NULL,
	`deleted_at` integer NOT NULL,
	`deleted_by_user_id` integer,
	`deleted_by_name` text NOT NULL,
	FOREIGN KEY (`deleted_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recycle_bin_deleted_at_idx` ON `recycle_bin` (`deleted_at`,`id`);--> statement-breakpoint
CREATE INDEX `recycle_bin_account_idx` ON `recycle_bin` (`account_id`);