import { normalizeCustomerEmail } from "../account-basics/email.ts";
import type { Actor } from "../changes/actor.ts";
import type { CrmDatabase } from "../database/open.ts";
import { recordOrders, type OrderRecordingSummary } from "../orders/record-orders.ts";
import { dollarsToCents } from "../money/money.ts";
import { parseShipStationDate, SHIPSTATION_TIME_ZONE } from "../time/shipstation-date.ts";
import { parseOrderStatus } from "../orders/order-status.ts";
import { storeIdOf } from "./shipstation-stores.ts";
import type { IncomingOrder, OrderItem, ShipToAddress } from "../orders/incoming-order.ts";

/** The parts of an API v1 order this product reads; ShipStation sends many more. */
export interface ShipStationOrder {
  orderId: number;
  orderNumber?: string | null;
  orderDate?: string | null;
  createDate?: string | null;
  modifyDate?: string | null;
  orderStatus?: string | null;
  customerEmail?: string | null;
  shipTo?: Partial<Record<"name" | "company" | "street1" | "street2" | "street3" | "city" | "state" | "postalCode" | "country" | "phone", string | null>> | null;
  items?: { sku?: string | null; name?: string | null; quantity?: number | null; unitPrice?: number | null }[] | null;
  orderTotal?: number | null;
  orderKey?: string | null;
  shipDate?: string | null;
  shippingAmount?: number | null;
  advancedOptions?: { storeId?: number | null } | null;
}

const NO_STORE_NAMES: ReadonlyMap<number, string> = new Map();


/** ShipStation writing orders, by webhook or backfill: the audit tells the two apart. */
const shipStationActor = (route: "webhook" | "backfill"): Actor => ({ userId: null, name: "ShipStation", source: route });

/** One page of API v1 orders through the one order writer, in one transaction (recordShipStationIncoming). */
export function recordShipStationOrders(
  db: CrmDatabase,
  orders: readonly ShipStationOrder[],
  route: "webhook" | "backfill",
  storeNames: ReadonlyMap<number, string> = NO_STORE_NAMES,
): OrderRecordingSummary {
  return recordShipStationIncoming(db, orders.map((order) => incomingOrderFromShipStation(order, storeNames)), route);
}

/**
 * One page of either API generation's orders, as their mappings made them (null: no usable date), through
 * the one order writer in one transaction: those without a date are left out, and those without a customer
 * e-mail wait among the unmatched orders (record-orders.ts) until staff or a later delivery name the customer.
 */
export function recordShipStationIncoming(db: CrmDatabase, orders: readonly (IncomingOrder | null)[], route: "webhook" | "backfill"): OrderRecordingSummary {
  return recordOrders(
    db,
    (recorder) => {
      for (const incoming of orders) {
        if (incoming) recorder.record(incoming);
      }
    },
    { actor: shipStationActor(route), delivery: { route, label: route === "webhook" ? "ShipStation webhook" : "ShipStation backfill" } },
  ).summary;
}

/** An API v1 order as the one order writer takes it; null when it has no usable date. Without a usable e-mail it names no customer. */
export function incomingOrderFromShipStation(order: ShipStationOrder, storeNames: ReadonlyMap<number, string>): IncomingOrder | null {
  const customerEmail = normalizeCustomerEmail(order.customerEmail ?? "");
  const placedAt = parseShipStationDate(order.orderDate ?? order.createDate ?? "", SHIPSTATION_TIME_ZONE);
  if (!placedAt) return null;
  return {
    source: "shipstation",
    externalId: String(order.orderId),
    orderNumber: order.orderNumber?.trim() || null,
    // V1 names the store by its id; by its name where ShipStation told it (shipstation-stores.ts), as an export does.
    store: storeNames.get(storeIdOf(order) ?? Number.NaN) ?? null,
    shipstationOrderId: order.orderId,
    status: parseOrderStatus(order.orderStatus),
    customerEmail,
    placedAt,
    totalCents: typeof order.orderTotal === "number" ? dollarsToCents(order.orderTotal) : null,
    shipTo: shipToOf(order.shipTo),
    items: (order.items ?? []).map(itemOf),
    details: compactText({
      orderStatus: order.orderStatus,
      createDate: order.createDate,
      modifyDate: order.modifyDate,
      orderKey: order.orderKey,
      shipDate: order.shipDate,
      shippingAmount: typeof order.shippingAmount === "number" ? order.shippingAmount.toFixed(2) : null,
      storeId: typeof order.advancedOptions?.storeId === "number" ? String(order.advancedOptions.storeId) : null,
    }),
  };
}

function shipToOf(shipTo: ShipStationOrder["shipTo"]): ShipToAddress {
  return compactText({ ...shipTo });
}

function itemOf(item: NonNullable<ShipStationOrder["items"]>[number]): OrderItem {
  const result: OrderItem = compactText({ sku: item.sku, name: item.name });
  if (typeof item.quantity === "number") result.quantity = item.quantity;
  if (typeof item.unitPrice === "number") result.unitPriceCents = dollarsToCents(item.unitPrice);
  return result;
}

export function compactText<K extends string>(values: Partial<Record<K, string | null | undefined | boolean>>): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const key in values) {
    const value = values[key];
    if (typeof value === "string" && value.trim()) kept[key] = value.trim();
  }
  return kept;
}
