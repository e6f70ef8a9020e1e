CREATE TABLE `account_aliases` (
	`email` text PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_aliases_account_idx` ON `account_aliases` (`account_id`);--> statement-breakpoint
CREATE TABLE `duplicate_pairs` (
	`account_id` integer NOT NULL,
	`other_account_id` integer NOT NULL,
	`score` integer NOT NULL,
	`reasons` text NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`detected_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `other_account_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `duplicate_pairs_other_idx` ON `duplicate_pairs` (`other_account_id`,`state`);--> statement-breakpoint
CREATE INDEX `duplicate_pairs_state_idx` ON `duplicate_pairs` (`state`,`account_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`notes` text,
	`account_id` integer,
	`assignee_id` integer NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`completed_at` integer,
	`created_by_user_id` integer,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tasks_assignee_status_due_idx` ON `tasks` (`assignee_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `tasks_account_status_due_idx` ON `tasks` (`account_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `tasks_status_due_idx` ON `tasks` (`status`,`due_date`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `owner_user_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `accounts_owner_user_id_idx` ON `accounts` (`owner_user_id`);