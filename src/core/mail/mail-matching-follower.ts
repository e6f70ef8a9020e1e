import type { MailMatch } from "../../contracts/mail.ts";
import type { Change } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { isTeamAddress } from "./conversation-rules.ts";
import { teamAddresses } from "./match-accounts.ts";

/**
 * Mail is matched to accounts as it is stored (match-accounts.ts); this follower of the change feed matches
 * the mail already kept when an account gains an address later: an account added by hand or created from
 * orders (an import after the mailbox was read), a contact added or given an e-mail, a merge's aliases. In
 * the change's transaction, by address (mail_participants' index), and nothing at all while no mail is kept,
 * so an import into a CRM without mailboxes pays one lookup per batch. The domain rule is left to the sync:
 * which account alone has a domain changes as accounts come, and is not re-weighed.
 */
export function matchKeptMailOfChange(db: CrmDatabase, change: Change): void {
  const accountIds = accountsGainingAddresses(change);
  if (accountIds.length === 0) return;
  const sqlite = db.$client;
  if (!sqlite.query("SELECT 1 FROM mail_messages LIMIT 1").get()) return;
  const team = teamAddresses(db);
  const addressesOf = sqlite.query<{ address: string; matchedBy: MailMatch }, [number]>(
    `SELECT email AS address, 'account' AS matchedBy FROM accounts WHERE id = ?1 AND email IS NOT NULL
     UNION SELECT email, 'contact' FROM contacts WHERE account_id = ?1 AND email IS NOT NULL
     UNION SELECT email, 'alias' FROM account_aliases WHERE account_id = ?1`,
  );
  const link = sqlite.query(
    `INSERT OR IGNORE INTO mail_message_accounts (message_id, account_id, matched_by)
     SELECT DISTINCT p.message_id, ?2, ?3 FROM mail_participants p JOIN mail_messages m ON m.id = p.message_id
     WHERE p.address = ?1 AND m.bulk = 0 AND m.internal = 0`,
  );
  const fileThreads = sqlite.query(
    `UPDATE mail_threads SET account_id = ?1 WHERE account_id IS NULL
     AND id IN (SELECT m.thread_id FROM mail_message_accounts a JOIN mail_messages m ON m.id = a.message_id WHERE a.account_id = ?1)`,
  );
  for (const accountId of accountIds) {
    for (const { address, matchedBy } of addressesOf.all(accountId)) {
      if (!isTeamAddress(address, team)) link.run(address, accountId, matchedBy);
    }
    fileThreads.run(accountId);
  }
}

function accountsGainingAddresses(change: Change): readonly number[] {
  switch (change.type) {
    case "account_added":
    case "contact_added":
      return [change.accountId];
    case "account_edited":
      return change.changes.some((field) => field.field === "e-mail") ? [change.accountId] : [];
    case "contact_edited":
      return change.fields.includes("email") ? [change.accountId] : [];
    case "accounts_merged":
      return [change.targetId];
    case "orders_recounted":
      // Accounts made from orders just now; a known account's orders bring no address it did not have.
      return [...change.createdIds];
    default:
      return [];
  }
}
