import { and, eq, exists, or, type SQL } from "drizzle-orm";
import { QueryBuilder, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, duplicatePairs } from "../database/schema.ts";

/**
 * Which accounts have an open duplicate pair, as the accounts list filters and flags them. Duplicate
 * detection (duplicates/) stores the pairs; this reads them, so the list needs nothing above its floor.
 */

/** A pair staff have neither merged nor dismissed. */
export const isOpen = eq(duplicatePairs.state, "open");

/**
 * The accounts list's `showDuplicates` filter, for a WHERE on the accounts table: the account has an open
 * pair. Constants only, so it fits a prepared statement. Two index probes per row, so that a page sorted by
 * any column walks that column's index and stops once the page is full (an IN over every account with a
 * pair would sort them all first).
 */
export function accountsWithOpenDuplicates(): SQL {
  const openPairOn = (side: SQLiteColumn) => exists(subqueries.select({ id: side }).from(duplicatePairs).where(and(eq(side, accounts.id), isOpen)));
  return or(openPairOn(duplicatePairs.accountId), openPairOn(duplicatePairs.otherAccountId))!;
}

/** Which of these accounts (a page of the list) have an open pair, for each row's `hasDuplicate` flag. */
export function accountsHavingOpenDuplicates(db: CrmDatabase, accountIds: number[]): Set<number> {
  if (accountIds.length === 0) return new Set();
  // Raw SQL on the accounts list's and every account answer's hot path, compiled once by SQLite: built by drizzle for each page it cost several times as much.
  const rows = db.$client
    .query<{ id: number }, [string]>(
      `SELECT value AS id FROM json_each(?) WHERE
         EXISTS (SELECT 1 FROM duplicate_pairs WHERE account_id = value AND state = 'open')
         OR EXISTS (SELECT 1 FROM duplicate_pairs WHERE other_account_id = value AND state = 'open')`,
    )
    .all(JSON.stringify(accountIds));
  return new Set(rows.map((row) => row.id));
}

/** Builds the list filter's subqueries, which need no database until the accounts query they go into runs. */
const subqueries = new QueryBuilder();
