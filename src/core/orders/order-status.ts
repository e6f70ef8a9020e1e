import { NOT_COUNTED_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from "../../contracts/orders.ts";

/**
 * What counts as an order, the one rule every figure follows: an order counts unless its status is one of
 * NOT_COUNTED_ORDER_STATUSES (cancelled, rejected). The database keeps it as the generated column
 * orders.counts (schema.ts), so SQL says only this.
 */
export const COUNTED_ORDER = "orders.counts = 1";

/** The same rule for a status in hand. */
export function orderCounts(status: OrderStatus | null): boolean {
  return status === null || !(NOT_COUNTED_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * A status as a source writes it, in ShipStation's API form: 'Awaiting Shipment', 'awaiting_shipment' and
 * 'AWAITING-SHIPMENT' alike, 'Canceled' in American spelling too. Null when blank or not one ShipStation
 * has: such an order counts, as one whose source gave no status.
 */
export function parseOrderStatus(text: string | null | undefined): OrderStatus | null {
  const said = text?.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (!said) return null;
  if (said === "canceled") return "cancelled";
  return (ORDER_STATUSES as readonly string[]).includes(said) ? (said as OrderStatus) : null;
}
