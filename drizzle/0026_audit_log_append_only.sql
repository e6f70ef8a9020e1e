-- The audit trail is append-only, and the database itself holds it to that, whoever writes to it.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'The audit trail is append-only: an entry cannot be changed');
END;
--> statement-breakpoint
-- A row may go only once the retention setting lets it: older than the configured number of years,
-- counted back from the database's own clock. The trigger reads the setting itself rather than a cutoff
-- the pruner hands it, so no writer can pick a cutoff of its own; with the setting absent or 'forever'
-- (the default) nothing may be deleted. Shortening the retention is a settings change, and so is audited.
-- A year is 365.2425 days (31,556,952,000 ms), as audit/audit-retention.ts counts it.
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
WHEN NOT coalesce(OLD.`at` < (
  SELECT CAST(strftime('%s', 'now') AS INTEGER) * 1000 - CAST(`value` AS INTEGER) * 31556952000
  FROM `settings` WHERE `key` = 'auditRetention' AND `value` GLOB '[1-9]*'
), 0)
BEGIN
  SELECT RAISE(ABORT, 'The audit trail is append-only: an entry goes only when the retention setting lets it');
END;
