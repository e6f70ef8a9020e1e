CREATE TABLE `import_column_maps` (
	`header_signature` text PRIMARY KEY NOT NULL,
	`column_map` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `uploads` ADD `processed_at` integer;