CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`actor_source` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer,
	`account_id` integer,
	`action` text NOT NULL,
	`summary` text NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL,
	`count` integer
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_user_idx` ON `audit_log` (`actor_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_source_idx` ON `audit_log` (`actor_source`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);