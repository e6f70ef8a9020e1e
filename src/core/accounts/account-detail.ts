import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { orders } from "../database/schema.ts";
import { listContacts, type Contact } from "../contacts/contacts.ts";
import type { OrderSource, OrderStatus } from "../../contracts/orders.ts";
import type { StoredOrderRaw } from "../orders/incoming-order.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { ACCOUNT_THREAD_IDS_SQL } from "../account-basics/account-mail-threads.ts";
import type { AccountSummary } from "./account-list.ts";
import { ORDERS_IN_ACCOUNT_DETAIL } from "../../contracts/orders.ts";
import { findAccount } from "./accounts.ts";
import { readAccountRhythm } from "./account-rhythm.ts";
import type { ReorderRhythm } from "../../contracts/analytics.ts";
import { businessToday } from "../time/business-calendar.ts";
import { inTransaction } from "../database/transaction.ts";

export interface StoredOrder {
  id: number;
  source: OrderSource;
  externalId: string;
  orderNumber: string | null;
  store: string | null;
  status: OrderStatus | null;
  counts: boolean;
  placedAt: Date;
  createdAt: Date;
  totalCents: number | null;
  raw: StoredOrderRaw;
}

export interface AccountDetail extends AccountSummary {
  contacts: Contact[];
  orders: StoredOrder[];
  reorder: ReorderRhythm | null;
  /** The newest message of the account's e-mail threads (those its Emails tab lists); null when it has none. */
  lastEmailedAt: Date | null;
}

/**
 * What the account screen shows at once: the account, its contacts, its newest orders and its ordering
 * rhythm. Remembered until data changes (or the New York day, which moves the rhythm's standing), as the
 * screen asks again whenever staff come back to it.
 */
export function getAccountDetail(db: CrmDatabase, id: number, now = new Date()): AccountDetail {
  return db.answers.remember(`accountDetail:${id}:${businessToday(now)}`, () =>
    inTransaction(db, () => {
      const account = findAccount(db, id);
      return {
        ...account,
        contacts: listContacts(db, id),
        orders: listOrders(db, id, { limit: ORDERS_IN_ACCOUNT_DETAIL }).orders,
        reorder: readAccountRhythm(db, id, now),
        lastEmailedAt: readLastEmailedAt(db, id),
      };
    }),
  );
}

/**
 * When the account last e-mailed or was e-mailed: its threads' latest message, found from the threads'
 * own last times (each half of the subquery an index), no message read. Raw SQL: the subquery is the
 * Emails tab's, which drizzle's schema does not describe as one.
 */
function readLastEmailedAt(db: CrmDatabase, accountId: number): Date | null {
  const row = db.$client
    .query<{ at: number | null }, [number]>(`SELECT max(last_message_at) AS at FROM mail_threads WHERE id IN (${ACCOUNT_THREAD_IDS_SQL})`)
    .get(accountId);
  return row?.at == null ? null : new Date(row.at);
}

/** An account's orders, newest first, a page at a time (all of them without a limit), of one status when asked. */
export function listOrders(
  db: CrmDatabase,
  accountId: number,
  page: { limit?: number; offset?: number; status?: OrderStatus } = {},
): { orders: StoredOrder[]; total: number } {
  assertAccountExists(db, accountId);
  const statements = ordersPageStatements(db, page.status !== undefined);
  const whole = page.limit === undefined && !page.offset;
  const chosen = { accountId, status: page.status, limit: whole ? -1 : (page.limit ?? -1), offset: page.offset ?? 0 };
  const rows = statements.page.all(chosen);
  const total = whole ? rows.length : (statements.total.get(chosen)?.total ?? 0);
  return { total, orders: rows.map(storedOrderOf) };
}

/**
 * The statements of an account's orders page, prepared once (the account screen asks for a page each time
 * it opens; building them cost more than running them). The page is chosen from the (account, counts,
 * placed at) index, and only its orders are read whole: sorting the orders themselves would read every
 * one of an account's thousand orders for a page of 25. A limit of -1 is SQLite's "no limit".
 */
function ordersPageStatements(db: CrmDatabase, ofStatus: boolean) {
  return preparedOnce(db, ofStatus ? "ordersPageOfStatus" : "ordersPage", () => {
    const ofAccount = eq(orders.accountId, sql.placeholder("accountId"));
    const where = ofStatus ? and(ofAccount, eq(orders.status, sql.placeholder("status"))) : ofAccount;
    const pageIds = db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
    return {
      page: db.select().from(orders).where(inArray(orders.id, pageIds)).orderBy(desc(orders.placedAt), desc(orders.id)).prepare(),
      total: db.select({ total: count() }).from(orders).where(where).prepare(),
    };
  });
}

export function storedOrderOf(row: typeof orders.$inferSelect): StoredOrder {
  return {
    id: row.id,
    source: row.source,
    externalId: row.externalId,
    orderNumber: row.orderNumber,
    store: row.store,
    status: row.status,
    counts: row.counts,
    placedAt: row.placedAt,
    createdAt: row.createdAt,
    totalCents: row.totalCents,
    raw: JSON.parse(row.raw) as StoredOrderRaw,
  };
}
