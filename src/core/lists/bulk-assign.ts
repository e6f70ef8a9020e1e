import type { Actor } from "../activity/actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import { invalid } from "../errors.ts";
import { normalizeCustomerEmail } from "../accounts/email.ts";
import { inTransaction } from "../database/transaction.ts";
import { requireKnownListType } from "./list-types.ts";

export const MAX_BULK_EMAILS = 50_000;

export interface BulkAssignResult {
  message: string;
  results: { totalEmails: number; accountsFound: number; accountsUpdated: number; notFoundEmails: string[] };
}

/**
 * Puts every account matching one of the e-mails (its own address or any of its contacts') into a
 * list, in one transaction, with a timeline entry for each account whose list actually changed.
 * Set-based: the e-mails go into a temporary table and three statements do the rest.
 */
export function bulkAssignList(
  db: CrmDatabase,
  input: { emails: string[]; listType: string },
  actor: Actor,
  options: { dryRun?: boolean; maxEmails?: number } = {},
): BulkAssignResult {
  const maxEmails = options.maxEmails ?? MAX_BULK_EMAILS;
  if (input.emails.length > maxEmails) throw invalid("emails", `emails may list at most ${maxEmails.toLocaleString("en-US")} addresses per call`);
  const emails = [...new Set(input.emails.map((email) => normalizeCustomerEmail(email)).filter((email): email is string => email !== null))];
  if (emails.length === 0) throw invalid("emails", "emails must contain at least one valid e-mail address");

  const sqlite = db.$client;
  return inTransaction(
    sqlite,
    () => {
      const list = requireKnownListType(db, input.listType);
      sqlite.run("CREATE TEMP TABLE IF NOT EXISTS bulk_emails (email TEXT PRIMARY KEY, account_id INTEGER)");
      sqlite.run("DELETE FROM temp.bulk_emails");
      const insert = sqlite.prepare("INSERT INTO temp.bulk_emails (email) VALUES (?)");
      for (const email of emails) insert.run(email);
      // An address names the account whose own e-mail it is, else the account that absorbed it in a
      // merge, else the account of a contact with it.
      sqlite.run(
        `UPDATE temp.bulk_emails SET account_id = coalesce(
           (SELECT a.id FROM accounts a WHERE a.email = bulk_emails.email),
           (SELECT al.account_id FROM account_aliases al WHERE al.email = bulk_emails.email),
           (SELECT c.account_id FROM contacts c WHERE c.email = bulk_emails.email ORDER BY c.account_id LIMIT 1))`,
      );
      const found = sqlite.query<{ found: number }, []>("SELECT count(DISTINCT account_id) AS found FROM temp.bulk_emails WHERE account_id IS NOT NULL").get()!.found;
      const notFoundEmails = sqlite.query<{ email: string }, []>("SELECT email FROM temp.bulk_emails WHERE account_id IS NULL ORDER BY rowid").all().map((row) => row.email);
      const now = Date.now();
      sqlite.run(
        `INSERT INTO activities (account_id, kind, summary, actor_user_id, actor_name, occurred_at, created_at)
         SELECT a.id, 'list_changed', 'Moved from ' || coalesce(l.name, a.list_type) || ' to ' || ? || ' (bulk assignment)', ?, ?, ?, ?
         FROM accounts a LEFT JOIN lists l ON l.key = a.list_type
         WHERE a.id IN (SELECT account_id FROM temp.bulk_emails) AND a.list_type != ?`,
        [list.name, actor.userId, actor.name, now, now, list.key],
      );
      const updated = sqlite.run("UPDATE accounts SET list_type = ?, updated_at = ? WHERE id IN (SELECT account_id FROM temp.bulk_emails) AND list_type != ?", [list.key, now, list.key]).changes;
      sqlite.run("DELETE FROM temp.bulk_emails");
      return {
        message: `${options.dryRun ? "Would move" : "Moved"} ${updated.toLocaleString("en-US")} of ${found.toLocaleString("en-US")} matched accounts to ${list.name}`,
        results: { totalEmails: emails.length, accountsFound: found, accountsUpdated: updated, notFoundEmails },
      };
    },
    options,
  );
}
