import type { Order, ShipToAddress } from "../../api/account-detail";

/** The Recent Orders card shows five orders a page. */
export const ORDERS_PAGE_SIZE = 5;

/** The order number staff know, else the source's own id. */
export function displayedOrderNumber(order: Order): string {
  return order.orderNumber || order.externalId;
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

/** The first item's unit price, in dollars. */
export function orderUnitPrice(order: Order): number | null {
  return order.raw.items[0]?.unitPrice ?? null;
}

/** The order's total, else the total in its payload, in dollars. */
export function displayedOrderTotal(order: Order): number | null {
  return order.total ?? order.raw.orderTotal;
}

/** The ship-to address as lines to print: recipient, company, streets, 'City, ST 12345', country. */
export function shipToLines(address: ShipToAddress): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [address.name, address.company, address.street1, address.street2, cityLine, address.country].filter((line): line is string => Boolean(line?.trim()));
}

/** The page within 1 and the last page: a page past the end (after the list shrank) shows the last one. */
export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}
