CREATE TABLE `password_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_links_user_id_idx` ON `password_links` (`user_id`);--> statement-breakpoint
CREATE TABLE `password_reset_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`client_address` text NOT NULL,
	`requested_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `password_reset_requests_email_idx` ON `password_reset_requests` (`email`,`requested_at`);--> statement-breakpoint
CREATE INDEX `password_reset_requests_address_idx` ON `password_reset_requests` (`client_address`,`requested_at`);--> statement-breakpoint
CREATE INDEX `password_reset_requests_requested_at_idx` ON `password_reset_requests` (`requested_at`);