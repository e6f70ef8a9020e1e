import { inArray } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { accountAliases } from "../database/schema.ts";

/**
 * The account an e-mail belongs to: the account whose own address it is, else the account that absorbed
 * it in a merge. One statement, each half a lookup in a unique index; `?1` is the lower-cased address.
 * Meant for every path that maps an address to an account (order recording, bulk list assignment).
 * Raw SQL: order recording prepares it once and runs it for each of an import's million orders.
 */
export const ACCOUNT_ID_FOR_EMAIL_SQL =
  "SELECT id FROM accounts WHERE email = ?1 UNION ALL SELECT account_id AS id FROM account_aliases WHERE email = ?1 LIMIT 1";

/** The account an e-mail belongs to, its own or by a merge's alias; null when none. */
export function accountIdForEmail(db: CrmDatabase, email: string): number | null {
  return db.$client.query<{ id: number }, [string]>(ACCOUNT_ID_FOR_EMAIL_SQL).get(email.trim().toLowerCase())?.id ?? null;
}

/**
 * Points e-mails at the account that absorbed the accounts they named, so their later orders land on it.
 * Aliases the merged accounts already had follow them; an address taken as an alias before is re-pointed.
 */
export function addAliases(db: CrmDatabase, targetId: number, emails: string[], mergedAccountIds: number[]): void {
  db.update(accountAliases).set({ accountId: targetId }).where(inArray(accountAliases.accountId, mergedAccountIds)).run();
  if (emails.length === 0) return;
  const createdAt = new Date();
  db.insert(accountAliases)
    .values(emails.map((email) => ({ email, accountId: targetId, createdAt })))
    .onConflictDoUpdate({ target: accountAliases.email, set: { accountId: targetId } })
    .run();
}
