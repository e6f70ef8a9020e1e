import { t } from "./type-builder.ts";
import { CalendarDay, Dollars, flag, IsoTime, oneOf, pageQuery, recordIdField } from "./common.ts";

/**
 * The orders API:
 *   GET /api/accounts/{id}/orders   an account's orders, newest first, paged (AccountOrdersQuery → Order[], X-Total-Count)
 *   GET /api/orders/{id}            one order whole: its lines, ship-to, dates, tracking and how it arrived (→ OrderDetail)
 *   GET /api/orders/unmatched       orders that came without a customer e-mail, newest first, paged, each with
 *                                   the accounts its ship-to suggests (UnmatchedOrdersQuery → UnmatchedOrder[], X-Total-Count)
 *   POST /api/orders/{id}/match     staff (sales or administrators) match one to an account (MatchOrderBody → MatchedOrder)
 */

/** Where an order was first recorded from. */
export const ORDER_SOURCES = ["csv", "shipstation"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** ShipStation's order statuses, as its API names them; an export's "Awaiting Shipment" is awaiting_shipment. */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "awaiting_shipment",
  "pending_fulfillment",
  "shipped",
  "on_hold",
  "cancelled",
  "rejected_fulfillment",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses of orders that count for nothing: kept and shown, but left out of every figure (counts,
 * values, order dates, lists, analytics, rhythms, exports' totals). Every other order counts, one whose
 * source gave no status included. core/orders/counted-orders.ts is the one rule that applies this.
 */
export const NOT_COUNTED_ORDER_STATUSES = ["cancelled", "rejected_fulfillment"] as const satisfies readonly OrderStatus[];

/** How staff read each status. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  awaiting_payment: "Awaiting Payment",
  awaiting_shipment: "Awaiting Shipment",
  pending_fulfillment: "Pending Fulfillment",
  shipped: "Shipped",
  on_hold: "On Hold",
  cancelled: "Cancelled",
  rejected_fulfillment: "Rejected Fulfillment",
};

/** The ways an order reaches the CRM. */
export const ORDER_ROUTES = ["csv", "webhook", "backfill"] as const;
export type OrderRoute = (typeof ORDER_ROUTES)[number];

/** The address an order shipped to, as the source wrote it: any part may be missing. */
export const ShipTo = t.Object({
  name: t.Optional(t.String()),
  company: t.Optional(t.String()),
  street1: t.Optional(t.String()),
  street2: t.Optional(t.String()),
  street3: t.Optional(t.String()),
  city: t.Optional(t.String()),
  state: t.Optional(t.String()),
  postalCode: t.Optional(t.String()),
  country: t.Optional(t.String()),
  phone: t.Optional(t.String()),
});
export type ShipTo = typeof ShipTo.static;

export const OrderItem = t.Object({
  sku: t.Optional(t.String()),
  name: t.Optional(t.String()),
  quantity: t.Optional(t.Number()),
  unitPrice: t.Union([Dollars, t.Null()]),
});
export type OrderItem = typeof OrderItem.static;

/**
 * The start of the id of an order read from a file's row that had no order number: the rest is a hash of the
 * row, so that importing the file again finds the same order. Nobody can look such an id up anywhere.
 */
export const ROW_ORDER_ID_PREFIX = "row:";

/**
 * The number staff know an order by: its order number, else the source's own id (ShipStation's); null for a
 * file's row that had no order number, whose id nobody could look up. The account screen and the orders
 * export say it the same way.
 */
export function shownOrderNumber(order: { orderNumber: string | null; externalId: string }): string | null {
  if (order.orderNumber) return order.orderNumber;
  return order.externalId.startsWith(ROW_ORDER_ID_PREFIX) ? null : order.externalId;
}

/** An order as the account screen shows it: the stored figures, and what the source sent with it. */
export const Order = t.Object({
  id: t.Integer(),
  source: oneOf("source", ORDER_SOURCES),
  externalId: t.String({ description: `The first source's own id of the order; for a file's row without an order number, ${JSON.stringify(ROW_ORDER_ID_PREFIX)} and a hash of the row` }),
  orderNumber: t.Union([t.String(), t.Null()]),
  store: t.Union([t.String(), t.Null()], { description: "The ShipStation store it was sold in; null when no source named it" }),
  status: t.Union([oneOf("status", ORDER_STATUSES), t.Null()], { description: "null when no source gave one" }),
  counts: t.Boolean({ description: "false for cancelled and rejected orders, which count in no figure" }),
  placedAt: IsoTime,
  createdAt: IsoTime,
  total: t.Union([Dollars, t.Null()]),
  raw: t.Object({
    shipTo: ShipTo,
    items: t.Array(OrderItem),
    orderTotal: t.Union([Dollars, t.Null()]),
    details: t.Record(t.String(), t.String(), { description: "Every other field the source sent, as it came" }),
  }),
});
export type Order = typeof Order.static;

export const OrderList = t.Array(Order);

/** The newest orders come with an account's detail; the rest are paged through GET /api/accounts/{id}/orders. */
export const ORDERS_IN_ACCOUNT_DETAIL = 25;

/** GET /api/accounts/{id}/orders: newest first; without a limit, all of them; `status` keeps the orders in that status. */
export const AccountOrdersQuery = t.Object({
  ...pageQuery(),
  status: t.Optional(oneOf("status", ORDER_STATUSES)),
});
export type AccountOrdersQuery = typeof AccountOrdersQuery.static;

/** One line of an order: what was bought, how many, at what price. */
export const OrderLine = t.Object({
  sku: t.Union([t.String(), t.Null()]),
  name: t.Union([t.String(), t.Null()]),
  quantity: t.Union([t.Number(), t.Null()]),
  unitPrice: t.Union([Dollars, t.Null()]),
  lineTotal: t.Union([Dollars, t.Null()], { description: "quantity × unit price (one unit when no quantity is given)" }),
});
export type OrderLine = typeof OrderLine.static;

/** One way the order reached the CRM, with when it first and last did. */
export const OrderDelivery = t.Object({
  route: oneOf("route", ORDER_ROUTES),
  label: t.String({ description: "'CSV import of orders.csv', 'ShipStation webhook', 'ShipStation backfill'" }),
  firstAt: IsoTime,
  lastAt: IsoTime,
});
export type OrderDelivery = typeof OrderDelivery.static;

/** GET /api/orders/{id}: the order as its dialog shows it. */
export const OrderDetail = t.Composite([
  Order,
  t.Object({
    accountId: t.Integer(),
    accountName: t.String(),
    customerEmail: t.String({ description: "The customer e-mail the latest source gave" }),
    lines: t.Array(OrderLine),
    shippingPaid: t.Union([Dollars, t.Null()]),
    shipDate: t.Union([CalendarDay, t.Null()], { description: "New York date it shipped, where a source said" }),
    tracking: t.Array(t.String(), { description: "Tracking numbers, where a source gave them" }),
    deliveries: t.Array(OrderDelivery),
  }),
]);
export type OrderDetail = typeof OrderDetail.static;

/** The list of unmatched orders, as the dashboard links to it. */
export const UNMATCHED_ORDERS_PATH = "/api/orders/unmatched";

/** GET /api/orders/unmatched: newest first, DEFAULT_UNMATCHED_PAGE without a limit (each comes with its suggestions); X-Total-Count has how many wait. */
export const DEFAULT_UNMATCHED_PAGE = 50;

export const UnmatchedOrdersQuery = t.Object({
  ...pageQuery(),
  suggestions: t.Optional(flag("suggestions", "false leaves each order's suggestions out (empty), as a count needs none; true unless given")),
});
export type UnmatchedOrdersQuery = typeof UnmatchedOrdersQuery.static;

/** At most this many accounts are suggested for an unmatched order. */
export const MAX_ACCOUNT_SUGGESTIONS = 5;

/** What an account shares with an unmatched order's ship-to (the duplicate detection's keys). */
export const SUGGESTION_REASONS = ["phone", "address", "company", "person"] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

/** How staff read each reason. */
export const SUGGESTION_REASON_LABELS: Readonly<Record<SuggestionReason, string>> = {
  phone: "Same phone",
  address: "Same address",
  company: "Same name",
  person: "Same contact",
};

export const AccountSuggestion = t.Object({
  accountId: t.Integer(),
  accountName: t.String(),
  email: t.Union([t.String(), t.Null()]),
  reasons: t.Array(oneOf("reason", SUGGESTION_REASONS), { description: "What it shares with the ship-to, firmest first" }),
});
export type AccountSuggestion = typeof AccountSuggestion.static;

/** An order that came without a customer e-mail: in no account and no figure until matched. */
export const UnmatchedOrder = t.Object({
  id: t.Integer({ description: "The unmatched order's id, which POST /api/orders/{id}/match takes" }),
  orderNumber: t.Union([t.String(), t.Null()]),
  store: t.Union([t.String(), t.Null()]),
  status: t.Union([oneOf("status", ORDER_STATUSES), t.Null()]),
  placedAt: IsoTime,
  total: t.Union([Dollars, t.Null()]),
  shipTo: ShipTo,
  items: t.Integer({ description: "How many items it lists" }),
  deliveries: t.Array(OrderDelivery),
  suggestions: t.Array(AccountSuggestion, { maxItems: MAX_ACCOUNT_SUGGESTIONS, description: "Accounts whose phone, address, name or contact match its ship-to" }),
});
export type UnmatchedOrder = typeof UnmatchedOrder.static;

export const UnmatchedOrderList = t.Array(UnmatchedOrder);

/** POST /api/orders/{id}/match, {id} an unmatched order's: the account it belongs to. */
export const MatchOrderBody = t.Object({ accountId: recordIdField("accountId") });
export type MatchOrderBody = typeof MatchOrderBody.static;

export const MatchedOrder = t.Object({
  message: t.String({ description: "'Order #1042 matched to Riverside Clinic'" }),
  orderId: t.Integer({ description: "Its id among the account's orders (GET /api/orders/{id})" }),
  accountId: t.Integer(),
});
export type MatchedOrder = typeof MatchedOrder.static;
