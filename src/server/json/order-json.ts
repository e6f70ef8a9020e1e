import type { StoredOrder } from "../../core/accounts/account-detail.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { Order } from "../../contracts/orders.ts";

/** An order as the dashboard receives it: dollars, ISO times, the raw payload with its prices in dollars too. */
export function toOrderJson(order: StoredOrder): Order {
  const { raw } = order;
  return {
    id: order.id,
    source: order.source,
    externalId: order.externalId,
    orderNumber: order.orderNumber,
    placedAt: order.placedAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    total: order.totalCents === null ? null : centsToDollars(order.totalCents),
    raw: {
      shipTo: raw.shipTo,
      items: raw.items.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: unitPriceCents === undefined ? null : centsToDollars(unitPriceCents) })),
      orderTotal: raw.orderTotalCents === null ? null : centsToDollars(raw.orderTotalCents),
      details: raw.details,
    },
  };
}
