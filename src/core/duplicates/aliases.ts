import type { Database } from "bun:sqlite";
import type { CrmDatabase } from "../database/open.ts";

/**
 * The account an e-mail belongs to: the account whose own address it is, else the account that absorbed
 * it in a merge. One statement, each half a lookup in a unique index; `?1` is the lower-cased address.
 * Meant for every path that maps an address to an account (order recording, bulk list assignment).
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
export function addAliases(sqlite: Database, targetId: number, emails: string[], mergedAccountIds: number[]): void {
  sqlite.run("UPDATE account_aliases SET account_id = ? WHERE account_id IN (SELECT value FROM json_each(?))", [targetId, JSON.stringify(mergedAccountIds)]);
  const insert = sqlite.query<unknown, [string, number, number]>(
    "INSERT INTO account_aliases (email, account_id, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO UPDATE SET account_id = excluded.account_id",
  );
  const now = Date.now();
  for (const email of emails) insert.run(email, targetId, now);
}
