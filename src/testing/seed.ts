import type { CrmDatabase } from "../core/database/open.ts";
import type { IncomingOrder } from "../core/orders/incoming-order.ts";
import { recordOrders, type OrderDelivery } from "../core/orders/record-orders.ts";
import { startOfDaysAgo } from "../core/time/business-calendar.ts";
import type { OrderStatus } from "../contracts/orders.ts";

export interface SeededOrder {
  number: string;
  placedAt: Date | string;
  total: number;
  status?: OrderStatus | null;
  store?: string | null;
}

/** How orders that tests write directly arrive: as a CSV import would. */
export const SEEDED_DELIVERY: OrderDelivery = { route: "csv", label: "CSV import of seed.csv" };

/** Who an order goes to, as far as tests care. */
export interface SeededShipTo {
  company?: string;
  contactName?: string;
  street?: string;
  postalCode?: string;
  phone?: string;
}

/** Stores orders for a customer through the one real write path, creating the account as an import would. */
export function seedCustomer(db: CrmDatabase, customer: { email: string; orders: SeededOrder[] } & SeededShipTo): number {
  recordOrders(
    db,
    (recorder) => {
      for (const order of customer.orders) recorder.record(incomingOrder(customer.email, order, customer));
    },
    { delivery: SEEDED_DELIVERY },
  );
  const { id } = db.$client.query<{ id: number }, [string]>("SELECT id FROM accounts WHERE email = ?").get(customer.email)!;
  return id;
}

export function incomingOrder(email: string, order: SeededOrder, shipTo: SeededShipTo = {}): IncomingOrder {
  return {
    source: "csv",
    externalId: order.number,
    orderNumber: order.number,
    store: order.store ?? null,
    shipstationOrderId: null,
    status: order.status ?? null,
    customerEmail: email,
    placedAt: new Date(order.placedAt),
    totalCents: Math.round(order.total * 100),
    shipTo: { company: shipTo.company, name: shipTo.contactName, street1: shipTo.street, postalCode: shipTo.postalCode, phone: shipTo.phone },
    items: [],
    details: {},
  };
}

/**
 * This time of day, so many New York calendar days ago. Not `days` × 24 hours: across a clock change that lands an
 * hour off, and late in the evening on the wrong calendar day, which is what the lists and reports count.
 */
export function daysAgo(days: number): Date {
  const now = Date.now();
  return new Date(startOfDaysAgo(days, new Date(now)) + (now - startOfDaysAgo(0, new Date(now))));
}
