CREATE TABLE `mail_thread_joins` (
	`thread_id` integer PRIMARY KEY NOT NULL,
	`joined_into` integer NOT NULL,
	FOREIGN KEY (`joined_into`) REFERENCES `mail_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
