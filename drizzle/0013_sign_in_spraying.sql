CREATE INDEX `login_failures_address_idx` ON `login_failures` (`client_address`,`failed_at`);--> statement-breakpoint
CREATE INDEX `login_failures_failed_at_idx` ON `login_failures` (`failed_at`);