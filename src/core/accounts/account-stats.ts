import type { Actor } from "../changes/actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import { announceChange } from "../changes/change-feed.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { COUNTED_ORDER } from "../orders/order-status.ts";

export interface RecountOptions {
  now: Date;
  /** Named on the timelines of accounts the activity rules move. */
  actor: Actor;
  /** Accounts the caller has just created: the rules place them without a timeline entry of their own. */
  createdIds?: ReadonlySet<number>;
  /** Leave the work that grows with an account's history (purchase days) to be done once a long import ends. */
  heavyWorkLater?: boolean;
}

/**
 * The one rule for what an account's orders say, applied by every writer of orders (recording, merge) in
 * its own transaction: the order statistics recounted from the stored orders that count (order-status.ts),
 * the latest ship-to address, and "customer since" of an account created from orders (and the first entry
 * of its timeline) moved to its first order. It then announces the recount, and what follows from the
 * figures follows in the same transaction (startup/change-followers.ts): the list the activity rules call
 * for, the purchase days analytics count and the ordering rhythm, welcome tasks for new customers.
 * Set-based: each recount reads only its account's slice of the (account, placed at, total) index.
 */
export function recomputeAccountStats(db: CrmDatabase, accountIds: Iterable<number>, options: RecountOptions): void {
  const ids = [...accountIds];
  // Even a scratch table's write moves total_changes(), which would make the server read every remembered answer again.
  if (ids.length === 0) return;
  const sqlite = db.$client;
  const createdIds = options.createdIds ?? NONE;
  withAccountScope(sqlite, ids, createdIds, () => {
    const at = options.now.getTime();
    sqlite.run(
      `UPDATE accounts SET
         (order_count, total_order_cents, first_order_at, last_order_at) =
           (SELECT count(*), coalesce(sum(total_cents), 0), min(placed_at), max(placed_at) FROM orders WHERE orders.account_id = accounts.id AND ${COUNTED_ORDER}),
         (ship_to_street, ship_to_postal_code) = (${LATEST_SHIP_TO}),
         updated_at = ?
       WHERE id IN (SELECT id FROM temp.account_scope)`,
      [at],
    );
    sqlite.run(
      `UPDATE accounts SET created_at = first_order_at
       WHERE id IN (SELECT id FROM temp.account_scope) AND added_by_hand = 0 AND first_order_at IS NOT NULL AND created_at <> first_order_at`,
    );
    // The timeline begins there too: an account created from orders has their entry first.
    sqlite.run(
      `UPDATE activities SET occurred_at = (SELECT created_at FROM accounts WHERE accounts.id = activities.account_id)
       WHERE id IN (SELECT min(id) FROM activities WHERE account_id IN (SELECT id FROM temp.account_scope) GROUP BY account_id)
         AND kind IN ('orders_imported', 'orders_received')
         AND account_id IN (SELECT id FROM accounts WHERE id IN (SELECT id FROM temp.account_scope) AND added_by_hand = 0)`,
    );
  });
  announceChange(db, { type: "orders_recounted", accountIds: ids, createdIds, heavyWorkLater: options.heavyWorkLater ?? false, actor: options.actor, at: options.now });
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The street line and postal code of an account's latest order (a cancelled one's address is the customer's
 * all the same), for an UPDATE of accounts. Its time is found in the (account, counts, placed at, total)
 * index alone, then only that order is read: ordering the account's orders by time would read every one of
 * them whole, three times the cost on a first import. No tie-break on the id, which would need a sort.
 */
export const LATEST_SHIP_TO = `SELECT raw ->> '$.shipTo.street1', raw ->> '$.shipTo.postalCode' FROM orders
  WHERE orders.account_id = accounts.id AND orders.placed_at = (SELECT max(latest.placed_at) FROM orders AS latest WHERE latest.account_id = accounts.id)
  LIMIT 1`;
