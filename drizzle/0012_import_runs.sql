-- The import history: each run of an import, so that one killed or stopped halfway shows as interrupted
-- (its batches committed so far stay; running the same files again completes it) and `crm imports` lists them.
CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`files` text NOT NULL,
	`state` text NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`batches` integer DEFAULT 0 NOT NULL,
	`rows_read` integer DEFAULT 0 NOT NULL,
	`rows_skipped` integer DEFAULT 0 NOT NULL,
	`orders_created` integer DEFAULT 0 NOT NULL,
	`orders_updated` integer DEFAULT 0 NOT NULL,
	`accounts_created` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `import_runs_state_idx` ON `import_runs` (`state`,`started_at`);