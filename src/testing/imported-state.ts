import { Database } from "bun:sqlite";
import path from "node:path";
import { DATABASE_FILE_NAME } from "../core/database/open.ts";

/**
 * What imports left in a data directory's database, without row ids, so that two databases filled in
 * different ways (at once, in batches, interrupted and run again) can be compared: accounts with their
 * statistics, list, "customer since" and rhythm, orders by their keys with their stored JSON, contacts, and
 * what analytics add up (totals left at zero by a recount aside).
 */
export function importedState(dataDir: string) {
  return withDatabaseFile(dataDir, (sqlite) => ({
    accounts: sqlite
      .query(
        // An account whose orders all count for nothing is a customer since the moment the import met it: no date to compare.
        `SELECT email, name, domain, phone, order_count, total_order_cents, first_order_at, last_order_at,
                CASE WHEN first_order_at IS NULL THEN NULL ELSE created_at END AS created_at, list_type,
                ship_to_street, ship_to_postal_code, rhythm_gap_days, rhythm_last_day, rhythm_expected_day, rhythm_due_day, rhythm_at_risk_day, rhythm_lapsed_day
         FROM accounts ORDER BY email`,
      )
      .all(),
    orders: sqlite
      .query(
        `SELECT o.source, o.external_id, a.email, o.order_number, o.store, o.status, o.customer_email, o.placed_at, o.total_cents, o.raw, o.content_hash
         FROM orders o JOIN accounts a ON a.id = o.account_id ORDER BY o.source, o.external_id, o.store, o.customer_email`,
      )
      .all(),
    contacts: sqlite.query("SELECT a.email AS account, c.first_name, c.last_name, c.email, c.phone, c.is_primary FROM contacts c JOIN accounts a ON a.id = c.account_id ORDER BY 1, 4").all(),
    analytics: {
      dayTotals: sqlite.query("SELECT * FROM purchase_day_totals WHERE rows <> 0 ORDER BY subject, day").all(),
      gapCounts: sqlite.query("SELECT * FROM purchase_gap_counts WHERE rows <> 0 ORDER BY subject, gap").all(),
      cohorts: sqlite.query("SELECT * FROM cohort_activity WHERE customers <> 0 ORDER BY first_month, month").all(),
      productNames: sqlite.query("SELECT * FROM product_names ORDER BY sku").all(),
      queued: sqlite.query("SELECT count(*) AS accounts FROM purchase_day_queue").get(),
    },
  }));
}

/**
 * Every account's timeline, as its e-mail, each line's kind and words, without ids or times: what staff
 * read. Moves by the activity rules are left to activityMoves: a long import places the accounts of each
 * batch it commits, so an account whose orders fall in several batches can pass through a list on its way,
 * and where the batches end depends on how fast the machine writes.
 */
export function timelineLines(dataDir: string): unknown[] {
  return withDatabaseFile(dataDir, (sqlite) =>
    sqlite
      .query(`SELECT c.email, a.kind, a.summary FROM activities a JOIN accounts c ON c.id = a.account_id WHERE NOT (${ACTIVITY_MOVE}) ORDER BY 1, 2, 3`)
      .all(),
  );
}

/**
 * Per account that the activity rules moved: the list it left first and the list it is in now, once its
 * moves are checked to follow on from each other (each from the list the one before moved it to, the last
 * to the list it is in). Two databases filled in different batches agree on this.
 */
export function activityMoves(dataDir: string): Record<string, { from: string; to: string }> {
  return withDatabaseFile(dataDir, (sqlite) => {
    const moves = sqlite
      .query<{ email: string; summary: string; list: string }, []>(
        `SELECT c.email, a.summary, l.name AS list FROM activities a JOIN accounts c ON c.id = a.account_id JOIN lists l ON l.key = c.list_type
         WHERE ${ACTIVITY_MOVE} ORDER BY c.email, a.id`,
      )
      .all();
    const paths: Record<string, { from: string; to: string }> = {};
    for (const { email, summary } of moves) {
      const [, from, to] = /^Moved from (.+) to (.+) by order activity$/.exec(summary)!;
      const before = paths[email];
      if (before && before.to !== from) throw new Error(`${email} moved from ${from} after a move to ${before.to}`);
      paths[email] = { from: before?.from ?? from!, to: to! };
    }
    for (const { email, list } of moves) if (paths[email]!.to !== list) throw new Error(`${email} is in ${list}, not ${paths[email]!.to}`);
    // An account that came back to the list it started in has not moved.
    return Object.fromEntries(Object.entries(paths).filter(([, { from, to }]) => from !== to));
  });
}

const ACTIVITY_MOVE = "a.kind = 'list_changed' AND a.summary LIKE '% by order activity'";

/**
 * Accounts whose statistics are not what their stored orders that count say (cancelled and rejected
 * orders count for nothing), and accounts without orders (every account of these tests comes from
 * orders): empty when every account is consistent.
 */
export function inconsistentAccounts(dataDir: string): unknown[] {
  return withDatabaseFile(dataDir, (sqlite) =>
    sqlite
      .query(
        `SELECT a.email, a.order_count, o.n, a.total_order_cents, o.total FROM accounts a LEFT JOIN (
           SELECT account_id, count(*) AS stored, sum(counts) AS n, coalesce(sum(CASE WHEN counts THEN total_cents END), 0) AS total,
             min(CASE WHEN counts THEN placed_at END) AS first, max(CASE WHEN counts THEN placed_at END) AS last
           FROM orders GROUP BY account_id
         ) o ON o.account_id = a.id
         WHERE o.stored IS NULL OR a.order_count != o.n OR a.total_order_cents != o.total
            OR a.first_order_at IS NOT o.first OR a.last_order_at IS NOT o.last`,
      )
      .all(),
  );
}

function withDatabaseFile<T>(dataDir: string, read: (sqlite: Database) => T): T {
  const sqlite = new Database(path.join(dataDir, DATABASE_FILE_NAME), { readonly: true });
  try {
    return read(sqlite);
  } finally {
    sqlite.close();
  }
}
