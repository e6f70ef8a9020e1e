CREATE TABLE `mail_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`stored_path` text,
	FOREIGN KEY (`message_id`) REFERENCES `mail_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_attachments_message_idx` ON `mail_attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `mail_folder_cursors` (
	`mailbox_id` integer NOT NULL,
	`folder` text NOT NULL,
	`uid_validity` integer NOT NULL,
	`last_uid` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`mailbox_id`, `folder`),
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_message_accounts` (
	`message_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`matched_by` text NOT NULL,
	PRIMARY KEY(`message_id`, `account_id`),
	FOREIGN KEY (`message_id`) REFERENCES `mail_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_message_accounts_account_idx` ON `mail_message_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `mail_message_mailboxes` (
	`message_id` integer NOT NULL,
	`mailbox_id` integer NOT NULL,
	`folder` text NOT NULL,
	`uid` integer NOT NULL,
	PRIMARY KEY(`message_id`, `mailbox_id`, `folder`),
	FOREIGN KEY (`message_id`) REFERENCES `mail_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_message_mailboxes_mailbox_idx` ON `mail_message_mailboxes` (`mailbox_id`,`folder`);--> statement-breakpoint
CREATE TABLE `mail_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`thread_id` integer,
	`subject` text DEFAULT '' NOT NULL,
	`from_address` text DEFAULT '' NOT NULL,
	`from_name` text DEFAULT '' NOT NULL,
	`sent_at` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`html` text,
	`snippet` text DEFAULT '' NOT NULL,
	`in_reply_to` text,
	`references` text DEFAULT '[]' NOT NULL,
	`bulk` integer DEFAULT false NOT NULL,
	`internal` integer DEFAULT false NOT NULL,
	`attachment_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `mail_threads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_messages_message_id_unique` ON `mail_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_thread_idx` ON `mail_messages` (`thread_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_in_reply_to_idx` ON `mail_messages` (`in_reply_to`);--> statement-breakpoint
CREATE TABLE `mail_participants` (
	`message_id` integer NOT NULL,
	`role` text NOT NULL,
	`address` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`message_id`, `role`, `address`),
	FOREIGN KEY (`message_id`) REFERENCES `mail_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_participants_address_idx` ON `mail_participants` (`address`);--> statement-breakpoint
CREATE TABLE `mail_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`normalized_subject` text NOT NULL,
	`account_id` integer,
	`last_message_at` integer NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mail_threads_subject_idx` ON `mail_threads` (`normalized_subject`,`last_message_at`);--> statement-breakpoint
CREATE INDEX `mail_threads_account_idx` ON `mail_threads` (`account_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `mailboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`secure` integer NOT NULL,
	`username` text NOT NULL,
	`secret` text NOT NULL,
	`folders` text NOT NULL,
	`visibility` text DEFAULT 'everything' NOT NULL,
	`source` text NOT NULL,
	`last_synced_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailboxes_server_user_idx` ON `mailboxes` (`host`,`port`,`username`);--> statement-breakpoint
CREATE INDEX `orders_customer_email_idx` ON `orders` (`customer_email`);