-- Keeping the trigram index in step row by row made every new account cost ~50 µs of tokenising inside
-- the writing transaction (seconds for an import). Changes now only queue the account; the index is
-- brought up to date in batches before a search reads it, and in the background.
DROP TRIGGER `account_search_after_account_insert`;
--> statement-breakpoint
DROP TRIGGER `account_search_after_account_update`;
--> statement-breakpoint
DROP TRIGGER `account_search_after_account_delete`;
--> statement-breakpoint
DROP TRIGGER `account_search_after_contact_insert`;
--> statement-breakpoint
DROP TRIGGER `account_search_after_contact_update`;
--> statement-breakpoint
DROP TRIGGER `account_search_after_contact_delete`;
--> statement-breakpoint
CREATE TABLE `search_queue` (`account_id` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_account_insert` AFTER INSERT ON `accounts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_account_update` AFTER UPDATE OF name, domain, email, phone ON `accounts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_account_delete` AFTER DELETE ON `accounts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_contact_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (new.account_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_contact_update` AFTER UPDATE OF first_name, last_name, email, account_id ON `contacts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (old.account_id), (new.account_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_contact_delete` AFTER DELETE ON `contacts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (old.account_id);
END;
