-- Sign-in failures are counted per e-mail from every address, per address, and per known device (a browser
-- the user signed in from before, src/core/auth/known-devices.ts), no longer per e-mail and address.
DROP INDEX `login_failures_email_address_idx`;--> statement-breakpoint
ALTER TABLE `login_failures` ADD `device` text;--> statement-breakpoint
CREATE INDEX `login_failures_email_idx` ON `login_failures` (`email`,`failed_at`);--> statement-breakpoint
CREATE INDEX `login_failures_device_idx` ON `login_failures` (`device`,`failed_at`);
