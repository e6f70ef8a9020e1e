CREATE TABLE `backfill_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`days` integer NOT NULL,
	`state` text NOT NULL,
	`trigger` text NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`orders_created` integer DEFAULT 0 NOT NULL,
	`orders_updated` integer DEFAULT 0 NOT NULL,
	`accounts_created` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `backfill_runs_state_idx` ON `backfill_runs` (`state`,`started_at`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_url` text NOT NULL,
	`resource_type` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`orders_created` integer DEFAULT 0 NOT NULL,
	`orders_updated` integer DEFAULT 0 NOT NULL,
	`received_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `webhook_events_due_idx` ON `webhook_events` (`state`,`next_attempt_at`);--> statement-breakpoint
-- At most one backfill runs at a time, across processes: the database refuses a second running row.
CREATE UNIQUE INDEX `backfill_runs_one_running` ON `backfill_runs` (`state`) WHERE `state` = 'running';
