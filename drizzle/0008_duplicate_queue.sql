-- Accounts created by orders (an import, a webhook, a backfill) wait here for duplicate detection, which
-- the server does in the background: inside an import's transaction it cost more than the import itself.
CREATE TABLE `duplicate_queue` (`account_id` integer PRIMARY KEY NOT NULL);
