import { t } from "./type-builder.ts";
import { Dollars, IsoTime, oneOf, pageQuery } from "./common.ts";

/** Where an order came from; with the source's own id it identifies the order. */
export const ORDER_SOURCES = ["csv", "shipstation"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

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

/** An order as the account screen shows it: the stored figures, and what the source sent with it. */
export const Order = t.Object({
  id: t.Integer(),
  source: oneOf("source", ORDER_SOURCES),
  externalId: t.String({ description: "The source's own id of the order" }),
  orderNumber: t.Union([t.String(), t.Null()]),
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

/** GET /api/accounts/{id}/orders: newest first; without a limit, all of them. */
export const AccountOrdersQuery = t.Object(pageQuery());
export type AccountOrdersQuery = typeof AccountOrdersQuery.static;
