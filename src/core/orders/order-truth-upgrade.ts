import type { CrmDatabase } from "../database/open.ts";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import { SYSTEM } from "../changes/actor.ts";
import { COUNTED_ORDER } from "./order-status.ts";
import { inTransaction } from "../database/transaction.ts";

/**
 * Finishes migration 0017 (order truth) at the first start after it, in one transaction: the accounts whose
 * duplicate orders it merged, and those with cancelled or rejected orders (which counted before and count
 * for nothing now), are recounted by the one rule for what orders say. Returns what it did, for the start's
 * log; null when there was nothing to finish (a new database has the table too, empty).
 */
export function finishOrderTruthUpgrade(db: CrmDatabase): { mergedOrders: number; recountedAccounts: number } | null {
  const sqlite = db.$client;
  const pending = () => sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'order_truth_merges'").get() !== null;
  if (!pending()) return null;
  return inTransaction(sqlite, () => {
    if (!pending()) return null;
    const mergedOrders = sqlite.query<{ merged: number }, []>("SELECT count(*) AS merged FROM order_truth_merges").get()!.merged;
    const accountIds = sqlite
      .query<{ id: number }, []>(
        `SELECT account_id AS id FROM order_truth_merges UNION SELECT account_id FROM orders WHERE NOT (${COUNTED_ORDER})`,
      )
      .all()
      .map((row) => row.id);
    recomputeAccountStats(db, accountIds, { now: new Date(), actor: SYSTEM });
    sqlite.run("DROP TABLE order_truth_merges");
    return mergedOrders === 0 && accountIds.length === 0 ? null : { mergedOrders, recountedAccounts: accountIds.length };
  }, { immediate: true });
}
