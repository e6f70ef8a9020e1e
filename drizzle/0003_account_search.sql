-- Substring search over accounts and their contacts (the header search and the accounts list's q),
-- kept in step with the tables by triggers so that every way of changing an account updates it.
-- Trigram tokens make any 3+ character fragment a cheap lookup instead of a scan of every account.
CREATE VIRTUAL TABLE `account_search` USING fts5(name, domain, email, phone, contacts, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `account_search` (rowid, name, domain, email, phone, contacts)
SELECT a.id, a.name, coalesce(a.domain, ''), coalesce(a.email, ''), coalesce(a.phone, ''),
       coalesce((SELECT group_concat(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, ''), ' ') FROM contacts c WHERE c.account_id = a.id), '')
FROM accounts a;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_account_insert` AFTER INSERT ON `accounts` BEGIN
  INSERT INTO account_search (rowid, name, domain, email, phone, contacts)
  VALUES (new.id, new.name, coalesce(new.domain, ''), coalesce(new.email, ''), coalesce(new.phone, ''), '');
END;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_account_update` AFTER UPDATE OF name, domain, email, phone ON `accounts` BEGIN
  UPDATE account_search SET name = new.name, domain = coalesce(new.domain, ''), email = coalesce(new.email, ''), phone = coalesce(new.phone, '')
  WHERE rowid = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_account_delete` AFTER DELETE ON `accounts` BEGIN
  DELETE FROM account_search WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_contact_insert` AFTER INSERT ON `contacts` BEGIN
  UPDATE account_search SET contacts = trim(contacts || ' ' || new.first_name || ' ' || new.last_name || ' ' || coalesce(new.email, ''))
  WHERE rowid = new.account_id;
END;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_contact_update` AFTER UPDATE OF first_name, last_name, email, account_id ON `contacts` BEGIN
  UPDATE account_search
  SET contacts = coalesce((SELECT group_concat(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, ''), ' ') FROM contacts c WHERE c.account_id = account_search.rowid), '')
  WHERE rowid IN (old.account_id, new.account_id);
END;
--> statement-breakpoint
CREATE TRIGGER `account_search_after_contact_delete` AFTER DELETE ON `contacts` BEGIN
  UPDATE account_search
  SET contacts = coalesce((SELECT group_concat(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, ''), ' ') FROM contacts c WHERE c.account_id = old.account_id), '')
  WHERE rowid = old.account_id;
END;
