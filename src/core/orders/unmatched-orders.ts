import { count, desc, eq } from "drizzle-orm";
import { DEFAULT_UNMATCHED_PAGE, type OrderRoute, type OrderStatus } from "../../contracts/orders.ts";
import type { Actor } from "../changes/actor.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, unmatchedOrders } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import type { ShipToAddress, StoredOrderRaw } from "./incoming-order.ts";
import { OrderRecording } from "./record-orders.ts";

/**
 * Orders that came without a customer e-mail wait in `unmatched_orders` (schema.ts says why apart from
 * `orders`): the order writer puts them there and moves them into an account when a later delivery names
 * the customer; staff match the rest by hand here.
 */
export interface UnmatchedOrderRow {
  id: number;
  orderNumber: string | null;
  store: string | null;
  status: OrderStatus | null;
  placedAt: Date;
  totalCents: number | null;
  shipTo: ShipToAddress;
  items: number;
  deliveries: { route: OrderRoute; label: string; firstAt: Date; lastAt: Date }[];
}

/** How many orders wait unmatched: the dashboard's badge. */
export function countUnmatchedOrders(db: CrmQueries): number {
  return db.select({ total: count() }).from(unmatchedOrders).get()?.total ?? 0;
}

/** A page of the unmatched orders, newest first (without a limit, the first DEFAULT_UNMATCHED_PAGE), and how many there are. */
export function listUnmatchedOrders(db: CrmQueries, page: { limit?: number; offset?: number }): { total: number; orders: UnmatchedOrderRow[] } {
  const rows = db
    .select()
    .from(unmatchedOrders)
    .orderBy(desc(unmatchedOrders.placedAt), desc(unmatchedOrders.id))
    .limit(page.limit ?? DEFAULT_UNMATCHED_PAGE)
    .offset(page.offset ?? 0)
    .all();
  return {
    total: countUnmatchedOrders(db),
    orders: rows.map((row) => {
      const raw = JSON.parse(row.raw) as StoredOrderRaw;
      const deliveries = JSON.parse(row.deliveries) as { route: OrderRoute; label: string; firstAt: number; lastAt: number }[];
      return {
        id: row.id,
        orderNumber: row.orderNumber,
        store: row.store,
        status: row.status,
        placedAt: row.placedAt,
        totalCents: row.totalCents,
        shipTo: raw.shipTo,
        items: raw.items.length,
        deliveries: deliveries.map((delivery) => ({ ...delivery, firstAt: new Date(delivery.firstAt), lastAt: new Date(delivery.lastAt) })),
      };
    }),
  };
}

/**
 * Staff match an unmatched order to an account, through the one order writer: it becomes one of the
 * account's orders, the account's figures are recounted in the same transaction, its timeline says who
 * matched it, and the change feed's `orders_recorded` gives the audit trail its entry. An order that has
 * been matched already (by someone else, or by a delivery naming its customer) is a conflict: ids are never
 * given twice (AUTOINCREMENT), so an id up to the highest given is one that has left.
 */
export function matchUnmatchedOrder(db: CrmDatabase, unmatchedId: number, accountId: number, actor: Actor): { orderId: number; orderNumber: string | null; accountName: string } {
  return inTransaction(
    db.$client,
    () => {
      if (!db.select({ id: unmatchedOrders.id }).from(unmatchedOrders).where(eq(unmatchedOrders.id, unmatchedId)).get()) {
        // SQLite's own table of the highest id given, which drizzle's schema does not describe.
        const highest = db.$client.query<{ seq: number }, []>("SELECT seq FROM sqlite_sequence WHERE name = 'unmatched_orders'").get()?.seq ?? 0;
        if (unmatchedId <= highest) throw conflict("This order has been matched to an account already");
        throw notFound("Unmatched order not found");
      }
      const account = db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).get();
      if (!account) throw invalid("accountId", "accountId names no account");
      const recording = new OrderRecording(db, { actor, inOneTransaction: true });
      recording.beginBatch();
      const matched = recording.matchUnmatched(unmatchedId, accountId)!;
      recording.closeBatch();
      return { ...matched, accountName: account.name };
    },
    { immediate: true },
  );
}
