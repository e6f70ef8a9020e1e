ALTER TABLE `webhook_events` ADD `intake_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_intake_id_unique` ON `webhook_events` (`intake_id`);