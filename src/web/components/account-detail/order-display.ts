import type { AccountDetail, Order, OrderDelivery, OrderStatus, ShipToAddress } from "../../api/account-detail";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, shownOrderNumber } from "../../api/account-detail";
import { formatCount, formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { formatDollars } from "../../format/money";
import type { SelectOption } from "../../ui/Select";
import type { BadgeTone, StatusBadgeContent } from "../../ui/StatusBadge";

/** The Recent Orders card shows five orders a page. */
export const ORDERS_PAGE_SIZE = 5;

/** The order as a heading names it: 'Order SO-100100', or 'Order without a number', as the timeline says. */
export function orderTitle(order: Order): string {
  const orderNumber = shownOrderNumber(order);
  return orderNumber === null ? "Order without a number" : `Order ${orderNumber}`;
}

/** The first item by name (or SKU), and how many other items the order has. */
export function orderItemSummary(order: Order): { firstItem: string | null; moreCount: number } {
  const [first] = order.raw.items;
  return { firstItem: first ? first.name || first.sku || null : null, moreCount: Math.max(0, order.raw.items.length - 1) };
}

/** All items' quantities added up; null when no item gives one. */
export function orderQuantity(order: Order): number | null {
  const quantities = order.raw.items.flatMap((item) => (item.quantity === undefined ? [] : [item.quantity]));
  return quantities.length === 0 ? null : quantities.reduce((sum, quantity) => sum + quantity, 0);
}

/**
 * What the Price column says: one line's unit price; for several lines no one price is the order's, so
 * it says how many lines there are (the order's dialog lists them); nothing when no price was given.
 */
export type OrderPrice = { kind: "unit"; dollars: number } | { kind: "lines"; lineCount: number } | { kind: "none" };

export function orderPrice(order: Order): OrderPrice {
  const { items } = order.raw;
  if (items.length > 1) return { kind: "lines", lineCount: items.length };
  const unitPrice = items[0]?.unitPrice ?? null;
  return unitPrice === null ? { kind: "none" } : { kind: "unit", dollars: unitPrice };
}

/** The order's total, else the total in its payload, in dollars. */
export function displayedOrderTotal(order: Order): number | null {
  return order.total ?? order.raw.orderTotal;
}

/** Shipped is done, the waiting ones want attention, a rejected fulfilment is trouble, a cancelled order is simply over. */
const STATUS_TONES: Readonly<Record<OrderStatus, BadgeTone>> = {
  awaiting_payment: "amber",
  awaiting_shipment: "blue",
  pending_fulfillment: "blue",
  shipped: "green",
  on_hold: "amber",
  cancelled: "grey",
  rejected_fulfillment: "red",
};

/** The badge of an order's status; null when no source gave one, and the order shows no badge. */
export function orderStatusBadge(status: OrderStatus | null): StatusBadgeContent | null {
  return status === null ? null : { label: ORDER_STATUS_LABELS[status], tone: STATUS_TONES[status] };
}

/** The View All Orders filter: every order, or those in one status. The empty value is "all". */
export const ORDER_STATUS_FILTER_OPTIONS: readonly SelectOption[] = [
  { value: "", label: "All statuses" },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

/** The status a filter option names; undefined for "All statuses". */
export function statusOfFilter(value: string): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}

/**
 * How many of the account's orders count in none of its figures (cancelled and rejected ones): all the
 * orders listed less the counted ones. Never below zero, in case the two were read either side of a change.
 */
export function leftOutOrderCount(listedOrders: number, countedOrders: number): number {
  return Math.max(0, listedOrders - countedOrders);
}

/**
 * The Recent Orders card's totals: the counted orders and their value, and how many orders were left out
 * of both, so that the count beside a longer list does not look wrong. '12 orders · $4,210.55 total · 1 cancelled or rejected not counted'
 */
export function ordersTotalsLine(account: Pick<AccountDetail, "orderCount" | "totalOrderValue">, listedOrders: number | undefined): string {
  const counted = `${formatCountOf(account.orderCount, "order")} · ${formatDollars(account.totalOrderValue)} total`;
  const leftOut = listedOrders === undefined ? 0 : leftOutOrderCount(listedOrders, account.orderCount);
  return leftOut === 0 ? counted : `${counted} · ${formatCount(leftOut)} cancelled or rejected not counted`;
}

/** When a route brought the order: once, or first and last when it came again (a webhook repeated, an export imported twice). */
export function deliveryTimes(delivery: Pick<OrderDelivery, "firstAt" | "lastAt">): string {
  const first = formatUsDateTime(delivery.firstAt);
  const last = formatUsDateTime(delivery.lastAt);
  return first === last ? first : `first ${first} · last ${last}`;
}

/** The ship-to address as lines to print: recipient, company, streets, 'City, ST 12345', country. */
export function shipToLines(address: ShipToAddress): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [address.name, address.company, address.street1, address.street2, address.street3, cityLine, address.country].filter((line): line is string =>
    Boolean(line?.trim()),
  );
}

/** The page within 1 and the last page: a page past the end (after the list shrank) shows the last one. */
export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}
