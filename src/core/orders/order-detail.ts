import { asc, eq } from "drizzle-orm";
import type { OrderDelivery, OrderRoute } from "../../contracts/orders.ts";
import { storedOrderOf, type StoredOrder } from "../accounts/account-detail.ts";
import type { CrmQueries } from "../database/open.ts";
import { accounts, orderDeliveries, orders } from "../database/schema.ts";
import { notFound } from "../errors.ts";
import { parseShipStationDate, SHIPSTATION_TIME_ZONE } from "../time/shipstation-date.ts";
import { calendarDateInZone } from "../time/wall-clock.ts";
import { BUSINESS_TIME_ZONE } from "../time/business-calendar.ts";
import { parseMoneyToCents } from "../money/money.ts";

/** An order whole, as its dialog shows it: lines, shipping, ship date, tracking and every way it arrived. */
export interface StoredOrderDetail extends StoredOrder {
  accountId: number;
  accountName: string;
  customerEmail: string;
  lines: { sku: string | null; name: string | null; quantity: number | null; unitPriceCents: number | null; lineTotalCents: number | null }[];
  shippingPaidCents: number | null;
  /** New York date, YYYY-MM-DD. */
  shipDate: string | null;
  tracking: string[];
  deliveries: { route: OrderRoute; label: string; firstAt: Date; lastAt: Date }[];
}

export function getOrderDetail(db: CrmQueries, orderId: number): StoredOrderDetail {
  const row = db
    .select({ order: orders, accountName: accounts.name })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.id, orderId))
    .get();
  if (!row) throw notFound("Order not found");
  const order = storedOrderOf(row.order);
  const { details } = order.raw;
  const shippingPaid = firstGiven(details, SHIPPING_PAID_FIELDS);
  return {
    ...order,
    accountId: row.order.accountId,
    accountName: row.accountName,
    customerEmail: row.order.customerEmail,
    lines: order.raw.items.map((item) => ({
      sku: item.sku ?? null,
      name: item.name ?? null,
      quantity: item.quantity ?? null,
      unitPriceCents: item.unitPriceCents ?? null,
      lineTotalCents: item.unitPriceCents === undefined ? null : item.unitPriceCents * (item.quantity ?? 1),
    })),
    shippingPaidCents: shippingPaid === undefined ? null : parseMoneyToCents(shippingPaid),
    shipDate: shipDateOf(firstGiven(details, SHIP_DATE_FIELDS)),
    tracking: [...new Set(TRACKING_FIELDS.flatMap((field) => details[field]?.split(/[,;\s]+/).filter(Boolean) ?? []))],
    deliveries: db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(asc(orderDeliveries.firstAt)).all(),
  };
}

export type { OrderDelivery };

/**
 * Where each source keeps what the order's columns do not: an export under its column headers (ShipStation's
 * and the usual others), the API under its field names (shipstation/shipstation-order.ts).
 */
const SHIPPING_PAID_FIELDS = ["Amount - Order Shipping", "Shipping Paid", "shippingAmount"] as const;
const SHIP_DATE_FIELDS = ["Date - Shipped Date", "Ship Date", "shipDate"] as const;
const TRACKING_FIELDS = ["Tracking Number", "Tracking #", "Tracking", "trackingNumber"] as const;

function firstGiven(details: Record<string, string>, fields: readonly string[]): string | undefined {
  for (const field of fields) {
    const value = details[field]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** A ship date as a New York calendar date; the API writes a bare date, an export a US date with or without a time. */
function shipDateOf(text: string | undefined): string | null {
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const instant = parseShipStationDate(text, SHIPSTATION_TIME_ZONE);
  return instant ? calendarDateInZone(instant, BUSINESS_TIME_ZONE) : null;
}
