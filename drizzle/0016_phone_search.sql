-- Phones are searched by their digits, whatever punctuation they were stored or typed with, and contacts'
-- phones with the account's: the index's `phone` column, the account's number as written, becomes `phones`,
-- the digits of every number of the account (search-index.ts). FTS5 tables cannot change their columns, so
-- the index is made again, empty, and every account is queued: the server indexes them in the background,
-- and until it has, searches scan what is still queued.
DROP TABLE `account_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `account_search` USING fts5(name, domain, email, phones, contacts, tokenize = 'trigram');
--> statement-breakpoint
INSERT OR IGNORE INTO `search_queue` (`account_id`) SELECT `id` FROM `accounts`;
--> statement-breakpoint
-- A contact's new phone changes what its account is found by.
DROP TRIGGER `search_queue_after_contact_update`;
--> statement-breakpoint
CREATE TRIGGER `search_queue_after_contact_update` AFTER UPDATE OF first_name, last_name, email, phone, account_id ON `contacts` BEGIN
  INSERT OR IGNORE INTO search_queue (account_id) VALUES (old.account_id), (new.account_id);
END;
