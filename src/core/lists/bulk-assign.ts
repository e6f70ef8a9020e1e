import type { Database } from "bun:sqlite";
import type { Actor } from "../changes/actor.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { invalid } from "../errors.ts";
import { moveScopeToList } from "../accounts/account-bulk.ts";
import { beginBulkChange, finishBulkChange } from "../accounts/bulk-changes.ts";
import { AUTOMATIC_LIST_CHOICE, MAX_BULK_EMAILS, type BulkAssignBody, type BulkAssignResult } from "../../contracts/lists.ts";
import { resolveListChoice } from "./list-types.ts";
import { formatCount, formatCountOf } from "../../contracts/counts.ts";
import { announceChange } from "../changes/change-feed.ts";

/**
 * Puts every account matching one of the e-mails (its own address or any of its contacts') into a
 * list and pins it there, or (AUTOMATIC_LIST_CHOICE) hands it back to the activity rules, in one
 * transaction, with a timeline entry for each account whose list actually changed. Set-based: the
 * e-mails go into a temporary table and a few statements do the rest. What it changed is recorded, so
 * that it can be undone (accounts/bulk-changes.ts).
 */
export function bulkAssignList(
  db: CrmDatabase,
  input: BulkAssignBody,
  actor: Actor,
  options: { dryRun?: boolean; maxEmails?: number } = {},
): BulkAssignResult {
  const maxEmails = options.maxEmails ?? MAX_BULK_EMAILS;
  if (input.emails.length > maxEmails) throw invalid("emails", `emails may list at most ${formatCount(maxEmails)} addresses per call`);
  const emails = [...new Set(input.emails.map((email) => normalizeCustomerEmail(email)).filter((email): email is string => email !== null))];
  if (emails.length === 0) throw invalid("emails", "emails must contain at least one valid e-mail address");

  const sqlite = db.$client;
  return inTransaction(
    sqlite,
    () => {
      const list = resolveListChoice(db, input.listType);
      const { emailsMatched, found, notFoundEmails } = matchAccounts(sqlite, emails);
      const matchedIds = sqlite
        .query<{ id: number }, []>("SELECT DISTINCT account_id AS id FROM temp.bulk_emails WHERE account_id IS NOT NULL")
        .all()
        .map((row) => row.id);
      const now = new Date();
      const { updated, bulkChangeId } = withAccountScope(sqlite, matchedIds, new Set(matchedIds), () => {
        const bulkChangeId = beginBulkChange(db, "list", actor, now);
        return { updated: moveScopeToList(db, list, { actor, now, how: "(bulk assignment)" }), bulkChangeId };
      });
      sqlite.run("DELETE FROM temp.bulk_emails");
      const counts = `${formatCount(updated)} of ${formatCount(found)} matched accounts`;
      const message =
        list === AUTOMATIC_LIST_CHOICE
          ? `${options.dryRun ? "Would hand" : "Handed"} ${counts} back to the activity rules`
          : `${options.dryRun ? "Would move" : "Moved"} ${counts} to ${list.name}`;
      // A dry run's change is taken back with everything else: there is nothing to undo.
      const recorded = finishBulkChange(db, bulkChangeId, message);
      const selection = `${formatCountOf(emails.length, "e-mail address", "e-mail addresses")} (bulk assignment)`;
      announceChange(db, { type: "accounts_bulk_changed", description: message, selection, count: updated, bulkChangeId: recorded, actor, at: now });
      return {
        message,
        results: { totalEmails: emails.length, emailsMatched, accountsFound: found, accountsUpdated: updated, notFoundEmails },
        bulkChangeId: options.dryRun ? null : recorded,
      };
    },
    options,
  );
}

/**
 * Puts the e-mails in temp.bulk_emails with the account each names: the account whose own e-mail it is,
 * else the account that absorbed it in a merge, else the account of a contact with it. E-mails and accounts
 * are counted apart: a merged account's two addresses are two e-mails matched and one account found.
 */
function matchAccounts(sqlite: Database, emails: string[]): { emailsMatched: number; found: number; notFoundEmails: string[] } {
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS bulk_emails (email TEXT PRIMARY KEY, account_id INTEGER)");
  sqlite.run("DELETE FROM temp.bulk_emails");
  const insert = sqlite.prepare("INSERT INTO temp.bulk_emails (email) VALUES (?)");
  for (const email of emails) insert.run(email);
  sqlite.run(
    `UPDATE temp.bulk_emails SET account_id = coalesce(
       (SELECT a.id FROM accounts a WHERE a.email = bulk_emails.email),
       (SELECT al.account_id FROM account_aliases al WHERE al.email = bulk_emails.email),
       (SELECT c.account_id FROM contacts c WHERE c.email = bulk_emails.email ORDER BY c.account_id LIMIT 1))`,
  );
  const counts = sqlite
    .query<{ emailsMatched: number; found: number }, []>("SELECT count(account_id) AS emailsMatched, count(DISTINCT account_id) AS found FROM temp.bulk_emails")
    .get()!;
  return {
    ...counts,
    notFoundEmails: sqlite.query<{ email: string }, []>("SELECT email FROM temp.bulk_emails WHERE account_id IS NULL ORDER BY rowid").all().map((row) => row.email),
  };
}

