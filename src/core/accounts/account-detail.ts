import { count, desc, eq } from "drizzle-orm";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { orders } from "../database/schema.ts";
import { listContacts, type Contact } from "../contacts/contacts.ts";
import type { OrderSource } from "../../contracts/orders.ts";
import type { StoredOrderRaw } from "../orders/incoming-order.ts";
import { assertAccountExists } from "./account-exists.ts";
import type { AccountSummary } from "./account-list.ts";
import { ORDERS_IN_ACCOUNT_DETAIL } from "../../contracts/orders.ts";
import { findAccount } from "./accounts.ts";
import { readAccountRhythm } from "../analytics/reorder-radar.ts";
import type { ReorderRhythm } from "../../contracts/analytics.ts";
import { businessToday } from "../time/business-calendar.ts";

export interface StoredOrder {
  id: number;
  source: OrderSource;
  externalId: string;
  orderNumber: string | null;
  placedAt: Date;
  createdAt: Date;
  totalCents: number | null;
  raw: StoredOrderRaw;
}

export interface AccountDetail extends AccountSummary {
  contacts: Contact[];
  orders: StoredOrder[];
  reorder: ReorderRhythm | null;
}

/**
 * What the account screen shows at once: the account, its contacts, its newest orders and its ordering
 * rhythm. Remembered until data changes (or the New York day, which moves the rhythm's standing), as the
 * screen asks again whenever staff come back to it.
 */
export function getAccountDetail(db: CrmDatabase, id: number, now = new Date()): AccountDetail {
  return db.answers.remember(`accountDetail:${id}:${businessToday(now)}`, () =>
    db.transaction((tx) => {
      const account = findAccount(tx, id);
      return {
        ...account,
        contacts: listContacts(tx, id),
        orders: listOrders(tx, id, { limit: ORDERS_IN_ACCOUNT_DETAIL }).orders,
        reorder: readAccountRhythm(tx, id, now),
      };
    }),
  );
}

/** An account's orders, newest first, a page at a time (all of them without a limit). */
export function listOrders(db: CrmQueries, accountId: number, page: { limit?: number; offset?: number } = {}): { orders: StoredOrder[]; total: number } {
  assertAccountExists(db, accountId);
  const rows = db
    .select()
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(page.limit ?? -1)
    .offset(page.offset ?? 0)
    .all();
  const total = page.limit === undefined ? rows.length : (db.select({ total: count() }).from(orders).where(eq(orders.accountId, accountId)).get()?.total ?? 0);
  return {
    total,
    orders: rows.map((row) => ({
      id: row.id,
      source: row.source,
      externalId: row.externalId,
      orderNumber: row.orderNumber,
      placedAt: row.placedAt,
      createdAt: row.createdAt,
      totalCents: row.totalCents,
      raw: JSON.parse(row.raw) as StoredOrderRaw,
    })),
  };
}
