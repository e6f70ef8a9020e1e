import { sql, type SQL } from "drizzle-orm";
import { assertAccountExists } from "../accounts/account-exists.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { readUntilDataChanges } from "../database/read-cache.ts";
import { accounts } from "../database/schema.ts";
import { invalid } from "../errors.ts";

/** What a merge chooses between: the values, the list with its pinning, the owner; the orders tell accounts apart. */
export interface MergeableAccount {
  id: number;
  name: string;
  email: string | null;
  domain: string | null;
  phone: string | null;
  orderCount: number;
  listType: string;
  listPinned: boolean;
  ownerUserId: number | null;
}

export interface DuplicateCandidate {
  account: MergeableAccount;
  score: number;
  reasons: string[];
}

/** The accounts that may be the same customer as this one (open pairs only), best first. */
export function listDuplicateCandidates(db: CrmDatabase, accountId: number): DuplicateCandidate[] {
  assertAccountExists(db, accountId);
  return db.$client
    .query<Omit<DuplicateCandidate["account"], "listPinned"> & { listPinned: number; score: number; reasons: string }, [number]>(
      `SELECT a.id, a.name, a.email, a.domain, a.phone, a.order_count AS orderCount, a.list_type AS listType, a.list_pinned AS listPinned,
              a.owner_user_id AS ownerUserId, p.score, p.reasons
       FROM (SELECT other_account_id AS other, score, reasons FROM duplicate_pairs WHERE account_id = ?1 AND state = 'open'
             UNION ALL SELECT account_id, score, reasons FROM duplicate_pairs WHERE other_account_id = ?1 AND state = 'open') p
       JOIN accounts a ON a.id = p.other
       ORDER BY p.score DESC, a.id`,
    )
    .all(accountId)
    .map(({ score, reasons, listPinned, ...account }) => ({ account: { ...account, listPinned: listPinned === 1 }, score, reasons: JSON.parse(reasons) as string[] }));
}

/**
 * Marks two accounts "Not a duplicate": the pair stays stored as dismissed, so detection never flags it
 * again. A pair detection has not flagged (yet) is recorded as dismissed all the same.
 */
export function dismissDuplicatePair(db: CrmDatabase, accountId: number, otherAccountId: number): void {
  if (accountId === otherAccountId) throw invalid("otherId", "an account cannot be its own duplicate");
  db.transaction((tx) => {
    assertAccountExists(tx, accountId);
    assertAccountExists(tx, otherAccountId);
    tx.run(sql`INSERT INTO duplicate_pairs (account_id, other_account_id, score, reasons, state, detected_at)
               VALUES (${Math.min(accountId, otherAccountId)}, ${Math.max(accountId, otherAccountId)}, 0, '[]', 'dismissed', ${Date.now()})
               ON CONFLICT (account_id, other_account_id) DO UPDATE SET state = 'dismissed'`);
  });
}

/** How many accounts have at least one open pair: the badge on the accounts list's duplicates toggle. */
export function countAccountsWithOpenDuplicates(db: CrmDatabase): number {
  return readUntilDataChanges(db.$client, "duplicates:summary", () =>
    db.$client.query<{ count: number }, []>(`SELECT count(*) AS count FROM (${OPEN_PAIR_ACCOUNTS})`).get()!.count,
  );
}

/**
 * The accounts list's `showDuplicates` filter, for a WHERE on the accounts table: the account has an open
 * pair. Constants only, so it fits a prepared statement. Two index probes per row, so that a page sorted by
 * any column walks that column's index and stops once the page is full (an IN over every account with a
 * pair would sort them all first).
 */
export function accountsWithOpenDuplicates(): SQL {
  return sql`(EXISTS (SELECT 1 FROM duplicate_pairs WHERE account_id = ${accounts.id} AND state = 'open')
              OR EXISTS (SELECT 1 FROM duplicate_pairs WHERE other_account_id = ${accounts.id} AND state = 'open'))`;
}

/** Which of these accounts (a page of the list) have an open pair, for each row's `hasDuplicate` flag. */
export function accountsHavingOpenDuplicates(db: CrmQueries, accountIds: number[]): Set<number> {
  if (accountIds.length === 0) return new Set();
  const rows = db.all<{ id: number }>(
    sql`SELECT value AS id FROM json_each(${JSON.stringify(accountIds)}) WHERE
          EXISTS (SELECT 1 FROM duplicate_pairs WHERE account_id = value AND state = 'open')
          OR EXISTS (SELECT 1 FROM duplicate_pairs WHERE other_account_id = value AND state = 'open')`,
  );
  return new Set(rows.map((row) => row.id));
}

/** The ids of accounts with an open pair, each once, each side read through its own index. */
const OPEN_PAIR_ACCOUNTS =
  "SELECT account_id FROM duplicate_pairs WHERE state = 'open' UNION SELECT other_account_id FROM duplicate_pairs WHERE state = 'open'";
