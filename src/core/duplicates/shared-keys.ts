import type { Database } from "bun:sqlite";
import { FREE_MAIL_DOMAINS } from "../account-basics/free-mail.ts";
import { toSharedValue, type SharedValue } from "./blocking-keys.ts";

/**
 * The evidence that lives in the accounts, contacts and aliases tables themselves, with their indexes: the
 * domain, and the e-mails of an account, its contacts and the accounts merged into it. Blocking-keys.ts
 * holds the values that must be computed.
 */

// Raw statements, on detection's measured hot path (bench/duplicates.ts): built by drizzle, a one-account look-up costs ten times as much (0.36 against 0.04 ms).

/** Every business domain that at least two accounts share. */
export function sharedDomains(sqlite: Database, maxAccounts: number): SharedValue[] {
  return sqlite
    .query<{ value: string; accounts: number; ids: string | null }, [string, number]>(
      `SELECT domain AS value, count(*) AS accounts, CASE WHEN count(*) <= ?2 THEN group_concat(id) END AS ids FROM accounts
       WHERE domain IS NOT NULL AND domain NOT IN (SELECT value FROM json_each(?1)) GROUP BY domain HAVING count(*) > 1`,
    )
    .all(FREE_MAIL_JSON, maxAccounts)
    .map(toSharedValue);
}

/**
 * Accounts using the same address (their own, a contact's, or one of an account merged into them), for
 * addresses used by 2 to `maxAccounts` accounts. Only addresses that occur twice are grouped: those of
 * several contacts, and contacts' that are another account's own or alias (accounts' own addresses and
 * aliases are each unique).
 */
export function emailGroups(sqlite: Database, maxAccounts: number): { email: string; accountIds: number[] }[] {
  return sqlite
    .query<{ email: string; ids: string }, []>(
      `WITH repeated (email) AS (
         SELECT email FROM contacts WHERE email IS NOT NULL GROUP BY email HAVING count(*) > 1
         UNION SELECT c.email FROM contacts c JOIN accounts a ON a.email = c.email AND a.id != c.account_id
         UNION SELECT al.email FROM account_aliases al JOIN contacts c ON c.email = al.email AND c.account_id != al.account_id
         UNION SELECT al.email FROM account_aliases al JOIN accounts a ON a.email = al.email AND a.id != al.account_id)
       SELECT email, (SELECT group_concat(account_id) FROM (
                SELECT id AS account_id FROM accounts WHERE email = repeated.email
                UNION SELECT account_id FROM contacts WHERE email = repeated.email
                UNION SELECT account_id FROM account_aliases WHERE email = repeated.email)) AS ids
       FROM repeated ORDER BY email`,
    )
    .all()
    .map((row) => ({ email: row.email, accountIds: splitIds(row.ids) }))
    .filter((group) => group.accountIds.length >= 2 && group.accountIds.length <= maxAccounts);
}

/** Other accounts with this business domain, at most `limit` of them. */
export function accountsWithDomain(sqlite: Database, domain: string, exceptAccountId: number, limit: number): number[] {
  return sqlite
    .query<{ id: number }, [string, number, number]>("SELECT id FROM accounts WHERE domain = ? AND id != ? LIMIT ?")
    .all(domain, exceptAccountId, limit)
    .map((row) => row.id);
}

/**
 * The accounts sharing an address with this one, each with one address they share. An address used by
 * more than `maxAccounts` accounts is left out, as in the full run.
 */
export function accountsSharingEmails(sqlite: Database, accountId: number, maxAccounts: number): Map<number, string> {
  const rows = sqlite
    .query<{ email: string; ids: string }, [number, number]>(
      `WITH own (email) AS (
         SELECT email FROM accounts WHERE id = ?1 AND email IS NOT NULL
         UNION SELECT email FROM contacts WHERE account_id = ?1 AND email IS NOT NULL
         UNION SELECT email FROM account_aliases WHERE account_id = ?1)
       SELECT own.email, (SELECT group_concat(account_id) FROM (
                SELECT id AS account_id FROM accounts WHERE email = own.email
                UNION SELECT account_id FROM contacts WHERE email = own.email
                UNION SELECT account_id FROM account_aliases WHERE email = own.email LIMIT ?2)) AS ids
       FROM own ORDER BY own.email`,
    )
    .all(accountId, maxAccounts + 1);
  const sharers = new Map<number, string>();
  for (const row of rows) {
    const ids = splitIds(row.ids);
    if (ids.length > maxAccounts) continue;
    for (const id of ids) if (id !== accountId && !sharers.has(id)) sharers.set(id, row.email);
  }
  return sharers;
}

const FREE_MAIL_JSON = JSON.stringify([...FREE_MAIL_DOMAINS]);

function splitIds(ids: string): number[] {
  return ids.split(",").map(Number);
}
