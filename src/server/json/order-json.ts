import type { StoredOrder } from "../../core/accounts/account-detail.ts";
import type { StoredOrderDetail } from "../../core/orders/order-detail.ts";
import type { UnmatchedOrderRow } from "../../core/orders/unmatched-orders.ts";
import type { SuggestedAccount } from "../../core/duplicates/order-suggestions.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { Order, OrderDetail, UnmatchedOrder } from "../../contracts/orders.ts";

/** An order as the dashboard receives it: dollars, ISO times, the raw payload with its prices in dollars too. */
export function toOrderJson(order: StoredOrder): Order {
  const { raw } = order;
  return {
    id: order.id,
    source: order.source,
    externalId: order.externalId,
    orderNumber: order.orderNumber,
    store: order.store,
    status: order.status,
    counts: order.counts,
    placedAt: order.placedAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    total: dollarsOrNull(order.totalCents),
    raw: {
      shipTo: raw.shipTo,
      items: raw.items.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: dollarsOrNull(unitPriceCents ?? null) })),
      orderTotal: dollarsOrNull(raw.orderTotalCents),
      details: raw.details,
    },
  };
}

/** GET /api/orders/{id}: the order with its lines, shipping, tracking and deliveries. */
export function toOrderDetailJson(order: StoredOrderDetail): OrderDetail {
  return {
    ...toOrderJson(order),
    accountId: order.accountId,
    accountName: order.accountName,
    customerEmail: order.customerEmail,
    lines: order.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: dollarsOrNull(line.unitPriceCents),
      lineTotal: dollarsOrNull(line.lineTotalCents),
    })),
    shippingPaid: dollarsOrNull(order.shippingPaidCents),
    shipDate: order.shipDate,
    tracking: order.tracking,
    deliveries: order.deliveries.map((delivery) => ({ ...delivery, firstAt: delivery.firstAt.toISOString(), lastAt: delivery.lastAt.toISOString() })),
  };
}

/** GET /api/orders/unmatched: an order waiting for its account, with the accounts its ship-to suggests. */
export function toUnmatchedOrderJson(order: UnmatchedOrderRow, suggestions: SuggestedAccount[]): UnmatchedOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    store: order.store,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    total: dollarsOrNull(order.totalCents),
    shipTo: order.shipTo,
    items: order.items,
    deliveries: order.deliveries.map((delivery) => ({ ...delivery, firstAt: delivery.firstAt.toISOString(), lastAt: delivery.lastAt.toISOString() })),
    suggestions,
  };
}

function dollarsOrNull(cents: number | null): number | null {
  return cents === null ? null : centsToDollars(cents);
}
