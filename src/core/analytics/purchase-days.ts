import type { Database } from "bun:sqlite";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { BulkLoad } from "../orders/bulk-load.ts";
import { COUNTED_ORDER } from "../orders/order-status.ts";
import type { Change } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";

/**
 * Recounts the purchase days (schema.ts: purchaseDays) of every account in temp.account_scope from its
 * stored orders and order lines, with the day totals, gap counts and cohorts they feed, and each account's
 * ordering rhythm. It follows recomputeAccountStats, the one rule for what orders say, on the change feed,
 * so it runs in the transaction that wrote the orders. Set-based, and only rows that changed are written: a new order
 * changes its own day and its neighbours' links, not the account's years of history, so a long import
 * that touches an account in many batches does not rewrite its history in each.
 */
export function recountPurchaseDays(sqlite: Database): void {
  prepareScratchTables(sqlite);
  collectScopePurchases(sqlite);
  sqlite.run(
    `INSERT INTO temp.recounted_days (account_id, subject, day, month, quantity, revenue_cents, prev_day, next_day, gap, first_month, month_first)
     SELECT account_id, subject, day, month, quantity, revenue_cents,
       lag(day) OVER history, lead(day) OVER history, day - lag(day) OVER history,
       first_value(month) OVER history, CASE WHEN lag(month) OVER history = month THEN 0 ELSE 1 END
     FROM (SELECT account_id, subject, day, ${monthOfDay("day")} AS month, quantity, revenue_cents FROM temp.scope_purchases)
     WINDOW history AS (PARTITION BY account_id, subject ORDER BY day)`,
  );
  // Accounts counted for the first time (an import's new customers) have nothing to compare with.
  const countedBefore = sqlite.query<{ yes: number }, []>(`SELECT EXISTS (SELECT 1 FROM purchase_days WHERE account_id IN (${SCOPE})) AS yes`).get()!.yes === 1;
  if (countedBefore) {
    sqlite.run(`INSERT INTO temp.outdated_days SELECT * FROM purchase_days WHERE account_id IN (${SCOPE}) EXCEPT SELECT * FROM temp.recounted_days`);
    sqlite.run(`INSERT INTO temp.fresh_days SELECT * FROM temp.recounted_days EXCEPT SELECT * FROM purchase_days WHERE account_id IN (${SCOPE})`);
    addToTotals(sqlite, "temp.outdated_days", -1);
    sqlite.run("DELETE FROM purchase_days WHERE (account_id, subject, day) IN (SELECT account_id, subject, day FROM temp.outdated_days)");
  }
  const fresh = countedBefore ? "temp.fresh_days" : "temp.recounted_days";
  sqlite.run(`INSERT INTO purchase_days SELECT * FROM ${fresh}`);
  addToTotals(sqlite, fresh, 1);
  recountRhythms(sqlite);
  for (const scratch of ["scope_orders", "scope_purchases", "recounted_days", "outdated_days", "fresh_days"]) sqlite.run(`DELETE FROM temp.${scratch}`);
}

/**
 * Purchase days follow the change feed: recounted accounts have theirs counted in the same transaction, or
 * queued when the writer leaves heavy work for later (a long import).
 */
export function countPurchaseDaysOfRecount(db: CrmDatabase, change: Change): void {
  if (change.type !== "orders_recounted") return;
  if (change.heavyWorkLater) queuePurchaseDayCount(db.$client, change.accountIds);
  else countPurchaseDaysOf(db.$client, change.accountIds);
}

/**
 * Recounts the purchase days of these accounts now, in the caller's transaction, MAX_PURCHASE_DAY_BATCH at
 * a time: a first import's 100,000 accounts at once would hold millions of rows in the scratch tables.
 */
function countPurchaseDaysOf(sqlite: Database, accountIds: readonly number[]): void {
  for (let start = 0; start < accountIds.length; start += MAX_PURCHASE_DAY_BATCH) {
    withAccountScope(sqlite, accountIds.slice(start, start + MAX_PURCHASE_DAY_BATCH), NONE, () => recountPurchaseDays(sqlite));
  }
}

/**
 * Leaves the purchase days of accounts for later rather than counting them in the writer's transaction: a
 * long import touches an account in many of its short batches, and would recount its history in each. The
 * import counts them once it has written everything (countQueuedPurchaseDays); one stopped before that
 * leaves them to the server's background work or the next start. Joins the caller's transaction.
 */
function queuePurchaseDayCount(sqlite: Database, accountIds: Iterable<number>): void {
  const ids = [...accountIds];
  if (ids.length === 0) return;
  sqlite.run("INSERT OR IGNORE INTO purchase_day_queue (account_id) SELECT value FROM json_each(?)", [JSON.stringify(ids)]);
}

/**
 * Counts the purchase days of the next queued accounts and takes them off the queue, in the caller's
 * transaction: a crash leaves them queued. Returns how many accounts are still queued.
 */
export function countQueuedPurchaseDays(sqlite: Database, batchSize = PURCHASE_DAY_QUEUE_BATCH): number {
  const ids = sqlite.query<{ id: number }, [number]>("SELECT account_id AS id FROM purchase_day_queue ORDER BY account_id LIMIT ?").all(batchSize).map((row) => row.id);
  withAccountScope(sqlite, ids, NONE, () => {
    recountPurchaseDays(sqlite);
    sqlite.run(`DELETE FROM purchase_day_queue WHERE account_id IN (${SCOPE})`);
  });
  return countQueuedForPurchaseDays(sqlite);
}

export function countQueuedForPurchaseDays(sqlite: Database): number {
  return sqlite.query<{ queued: number }, []>("SELECT count(*) AS queued FROM purchase_day_queue").get()!.queued;
}

/**
 * Accounts counted at a time in the background or at a start: an account with a few years of orders costs
 * 0.3-1.5 ms (its purchase days' index entries fall on random pages of a large database), so a batch holds
 * the lock, and in the server the event loop, for tens of milliseconds.
 */
export const PURCHASE_DAY_QUEUE_BATCH = 25;

/**
 * At every start: counts what is left to count, in short transactions. A database whose orders were never
 * counted (stored before analytics came) is counted whole first, once, in one transaction that builds
 * purchase_days' indexes at its end: kept up to date row by row, they cost a random page visit per row,
 * ten times the rest on a million orders. Returns how many accounts were counted.
 */
export function ensurePurchaseDays(sqlite: Database): number {
  const neverCounted = () => sqlite.query<{ yes: number }, []>("SELECT EXISTS (SELECT 1 FROM orders) AND NOT EXISTS (SELECT 1 FROM purchase_days) AS yes").get()!.yes === 1;
  let counted = 0;
  if (neverCounted()) {
    counted += inTransaction(sqlite, () => {
      if (!neverCounted()) return 0;
      const load = BulkLoad.start(sqlite, ["purchase_days"]);
      sqlite.run("INSERT OR IGNORE INTO purchase_day_queue (account_id) SELECT id FROM accounts");
      let accounts = 0;
      while (countQueuedForPurchaseDays(sqlite) > 0) accounts += countQueuedForPurchaseDays(sqlite) - countQueuedPurchaseDays(sqlite, MAX_PURCHASE_DAY_BATCH);
      load.rebuildIndexes();
      return accounts;
    }, { immediate: true });
  }
  while (countQueuedForPurchaseDays(sqlite) > 0) {
    counted += inTransaction(sqlite, () => countQueuedForPurchaseDays(sqlite) - countQueuedPurchaseDays(sqlite), { immediate: true });
  }
  return counted;
}

/** The most accounts one count covers at once (the first count, an import's closing count): the scratch tables stay a few megabytes. */
export const MAX_PURCHASE_DAY_BATCH = 5_000;

const SCOPE = "SELECT id FROM temp.account_scope";
const NONE: ReadonlySet<number> = new Set();

/**
 * The New York calendar day (business day number) of an instant column, through the zone's offsets: the
 * offset in force is the one that began last at or before it.
 */
export function businessDayOf(instantColumn: string): string {
  return `((${instantColumn} + (SELECT offset_ms FROM business_zone_offsets WHERE starts_at <= ${instantColumn} ORDER BY starts_at DESC LIMIT 1)) / 86400000)`;
}

/** The business month number (months since January 1970) of a business day number column. */
export function monthOfDay(dayColumn: string): string {
  const date = `${dayColumn} * 86400, 'unixepoch'`;
  return `((CAST(strftime('%Y', ${date}) AS INTEGER) - 1970) * 12 + CAST(strftime('%m', ${date}) AS INTEGER) - 1)`;
}

function prepareScratchTables(sqlite: Database): void {
  sqlite.run(
    // Kept in the order the history's window reads it, which spares that window a sort of every row.
    "CREATE TEMP TABLE IF NOT EXISTS scope_purchases (account_id INTEGER NOT NULL, subject TEXT NOT NULL, day INTEGER NOT NULL, quantity INTEGER NOT NULL, revenue_cents INTEGER NOT NULL, PRIMARY KEY (account_id, subject, day)) WITHOUT ROWID",
  );
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS scope_orders (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, day INTEGER NOT NULL, total_cents INTEGER)");
  // With purchase_days' columns in its order, so that rows compare and copy whole.
  for (const scratch of ["recounted_days", "outdated_days", "fresh_days"]) sqlite.run(`CREATE TEMP TABLE IF NOT EXISTS ${scratch} AS SELECT * FROM purchase_days WHERE false`);
  sqlite.run("CREATE TEMP TABLE IF NOT EXISTS scope_rhythms (account_id INTEGER PRIMARY KEY, half_days INTEGER NOT NULL, last_day INTEGER NOT NULL)");
}

/**
 * The scope's purchases per account, subject and day, of the orders that count (order-status.ts): orders (subject '', quantity the number of orders,
 * revenue their totals) and their lines with a SKU (order_lines: quantity the units). The scratch tables
 * have no statistics, so SQLite takes them for large: left to choose, it read every order line for each
 * recount (21 ms on 600,000 orders, for one account as for a thousand). CROSS JOIN keeps the scope's
 * orders outside, each looking up its own lines.
 */
function collectScopePurchases(sqlite: Database): void {
  sqlite.run(
    `INSERT INTO temp.scope_orders (id, account_id, day, total_cents)
     SELECT id, account_id, ${businessDayOf("placed_at")}, total_cents FROM orders WHERE account_id IN (${SCOPE}) AND ${COUNTED_ORDER}`,
  );
  sqlite.run(
    `INSERT INTO temp.scope_purchases (account_id, subject, day, quantity, revenue_cents)
     SELECT account_id, '', day, count(*), sum(coalesce(total_cents, 0)) FROM temp.scope_orders GROUP BY account_id, day`,
  );
  sqlite.run(
    `INSERT INTO temp.scope_purchases (account_id, subject, day, quantity, revenue_cents)
     SELECT scope_orders.account_id, order_lines.sku, scope_orders.day, sum(order_lines.quantity), sum(order_lines.revenue_cents)
     FROM temp.scope_orders CROSS JOIN order_lines ON order_lines.order_id = scope_orders.id
     GROUP BY scope_orders.account_id, order_lines.sku, scope_orders.day`,
  );
}

/** Adds purchase days (rows of `days`, a table like purchase_days) to the totals, gap counts and cohorts (sign 1), or takes them out (-1). */
function addToTotals(sqlite: Database, days: string, sign: 1 | -1): void {
  sqlite.run(
    `INSERT INTO purchase_day_totals (subject, day, rows, quantity, revenue_cents, first_rows, last_rows, month_first_rows, first_month_revenue_cents)
     SELECT subject, day, ?1 * count(*), ?1 * sum(quantity), ?1 * sum(revenue_cents), ?1 * sum(prev_day IS NULL), ?1 * sum(next_day IS NULL),
       ?1 * sum(month_first), ?1 * sum(CASE WHEN month = first_month THEN revenue_cents ELSE 0 END)
     FROM ${days} GROUP BY subject, day
     ON CONFLICT (subject, day) DO UPDATE SET rows = rows + excluded.rows, quantity = quantity + excluded.quantity,
       revenue_cents = revenue_cents + excluded.revenue_cents, first_rows = first_rows + excluded.first_rows,
       last_rows = last_rows + excluded.last_rows, month_first_rows = month_first_rows + excluded.month_first_rows,
       first_month_revenue_cents = first_month_revenue_cents + excluded.first_month_revenue_cents`,
    [sign],
  );
  sqlite.run(
    `INSERT INTO purchase_gap_counts (subject, gap, rows)
     SELECT subject, gap, ?1 * count(*) FROM ${days} WHERE gap IS NOT NULL GROUP BY subject, gap
     ON CONFLICT (subject, gap) DO UPDATE SET rows = rows + excluded.rows`,
    [sign],
  );
  sqlite.run(
    `INSERT INTO cohort_activity (first_month, month, customers)
     SELECT first_month, month, ?1 * count(*) FROM ${days} WHERE subject = '' AND month_first = 1 GROUP BY first_month, month
     ON CONFLICT (first_month, month) DO UPDATE SET customers = customers + excluded.customers`,
    [sign],
  );
}

/**
 * Each account's rhythm from its order days: the median gap (the mean of the two middle ones for an even
 * count) once there are two gaps, kept in half days as whole numbers so that the thresholds round exactly:
 * expected on the last day + the gap rounded, due from gap - 7 days, at risk from 1.5 gaps, lapsed from 3
 * gaps, each the first whole day at or past it.
 */
function recountRhythms(sqlite: Database): void {
  sqlite.run(
    `INSERT INTO temp.scope_rhythms (account_id, half_days, last_day)
     SELECT account_id, CASE WHEN gaps % 2 = 1 THEN 2 * sum(gap) ELSE sum(gap) END, max(last_day)
     FROM (SELECT account_id, gap, row_number() OVER by_gap AS position, count(*) OVER by_account AS gaps, max(day) OVER by_account AS last_day
           FROM purchase_days WHERE subject = '' AND gap IS NOT NULL AND account_id IN (${SCOPE})
           WINDOW by_account AS (PARTITION BY account_id), by_gap AS (PARTITION BY account_id ORDER BY gap))
     WHERE gaps >= 2 AND position IN ((gaps + 1) / 2, (gaps + 2) / 2)
     GROUP BY account_id`,
  );
  sqlite.run(
    `UPDATE accounts SET rhythm_gap_days = NULL, rhythm_last_day = NULL, rhythm_expected_day = NULL, rhythm_due_day = NULL, rhythm_at_risk_day = NULL, rhythm_lapsed_day = NULL
     WHERE id IN (${SCOPE}) AND rhythm_gap_days IS NOT NULL AND id NOT IN (SELECT account_id FROM temp.scope_rhythms)`,
  );
  sqlite.run(
    `UPDATE accounts SET rhythm_gap_days = rhythm.half_days / 2.0, rhythm_last_day = rhythm.last_day,
       rhythm_expected_day = rhythm.last_day + (rhythm.half_days + 1) / 2,
       rhythm_due_day = rhythm.last_day + CASE WHEN rhythm.half_days >= 14 THEN (rhythm.half_days - 13) / 2 ELSE (rhythm.half_days - 14) / 2 END,
       rhythm_at_risk_day = rhythm.last_day + (3 * rhythm.half_days + 3) / 4,
       rhythm_lapsed_day = rhythm.last_day + (3 * rhythm.half_days + 1) / 2
     FROM temp.scope_rhythms AS rhythm WHERE accounts.id = rhythm.account_id
       -- Without it SQLite reads every account, looking each up among the scope's (see collectScopePurchases).
       AND accounts.id IN (SELECT account_id FROM temp.scope_rhythms)`,
  );
  sqlite.run("DELETE FROM temp.scope_rhythms");
}
