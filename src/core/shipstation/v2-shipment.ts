import { normalizeCustomerEmail } from "../account-basics/email.ts";
import { dollarsToCents } from "../money/money.ts";
import { parseShipStationDate, SHIPSTATION_TIME_ZONE } from "../time/shipstation-date.ts";
import type { IncomingOrder, OrderItem, ShipToAddress } from "../orders/incoming-order.ts";
import type { OrderStatus } from "../../contracts/orders.ts";
import { compactText } from "./shipstation-order.ts";

/** An amount as V2 writes it. */
export interface V2Money {
  currency?: string | null;
  amount?: number | null;
}

/**
 * The parts of an API V2 shipment this product reads: what V1 calls an order (V1's shipment is V2's label).
 * ShipStation sends many more.
 */
export interface ShipStationV2Shipment {
  /** "se-28529731": V2's own id, in another numbering than V1's orderId. */
  shipment_id: string;
  /** The order number staff and exports know (V1's orderNumber). */
  shipment_number?: string | null;
  /** V1's orderKey. */
  external_shipment_id?: string | null;
  /** When the shipment was made in ShipStation: V2 has no order date of its own. */
  created_at?: string | null;
  modified_at?: string | null;
  /** pending, processing, label_purchased, cancelled. */
  shipment_status?: string | null;
  store_id?: number | string | null;
  ship_to?: {
    name?: string | null;
    company_name?: string | null;
    address_line1?: string | null;
    address_line2?: string | null;
    address_line3?: string | null;
    city_locality?: string | null;
    state_province?: string | null;
    postal_code?: string | null;
    country_code?: string | null;
    phone?: string | null;
    /** Often absent: V2 does not promise the customer's e-mail. */
    email?: string | null;
  } | null;
  items?: { sku?: string | null; name?: string | null; quantity?: number | null; unit_price?: V2Money | number | null }[] | null;
  amount_paid?: V2Money | null;
  shipping_paid?: V2Money | null;
  tax_paid?: V2Money | null;
  ship_date?: string | null;
}

/**
 * V2's shipment statuses as the order statuses the CRM keeps: a shipment waiting for its label is an order
 * awaiting shipment, one with a label bought is shipped, a cancelled one counts for nothing.
 */
const STATUS_OF_SHIPMENT: Readonly<Record<string, OrderStatus>> = {
  pending: "awaiting_shipment",
  processing: "awaiting_shipment",
  label_purchased: "shipped",
  cancelled: "cancelled",
  canceled: "cancelled",
};

/**
 * A V2 shipment as the one order writer takes it, the same shape V1's mapping makes (shipstation-order.ts),
 * so that both go through recordShipStationIncoming: customerEmail is null when the shipment has none (an
 * unmatched order); the whole is null when it has no usable creation date. Pure: no database, no network.
 *
 * Its identity is its order number within its store (order-identity.ts), never its se- id: V1 and the CSV
 * exports know the same order by its number, and V2's id is no V1 orderId, so shipstationOrderId stays null
 * and V2 finds the order V1 or an export stored. The store is named from V1's list of store names where
 * the shipment's store_id is one of them; otherwise it is unknown, and the order is matched by number and
 * customer.
 */
export function incomingOrderFromV2Shipment(shipment: ShipStationV2Shipment, storeNames: ReadonlyMap<number, string>): IncomingOrder | null {
  const placedAt = parseShipStationDate(shipment.created_at ?? "", SHIPSTATION_TIME_ZONE);
  if (!placedAt) return null;
  const storeId = typeof shipment.store_id === "string" && /^\d+$/.test(shipment.store_id) ? Number(shipment.store_id) : shipment.store_id;
  return {
    source: "shipstation",
    externalId: shipment.shipment_id,
    orderNumber: shipment.shipment_number?.trim() || null,
    store: typeof storeId === "number" ? (storeNames.get(storeId) ?? null) : null,
    shipstationOrderId: null,
    status: STATUS_OF_SHIPMENT[shipment.shipment_status?.trim().toLowerCase() ?? ""] ?? null,
    customerEmail: normalizeCustomerEmail(shipment.ship_to?.email ?? ""),
    placedAt,
    placedAtIsCreation: true,
    // What the customer paid is the nearest V2 has to an order total; without it the total is unknown.
    totalCents: centsOf(shipment.amount_paid),
    shipTo: shipToOf(shipment.ship_to),
    items: (shipment.items ?? []).map(itemOf),
    details: compactText({
      apiGeneration: "V2",
      shipmentId: shipment.shipment_id,
      shipmentStatus: shipment.shipment_status,
      createdAt: shipment.created_at,
      modifiedAt: shipment.modified_at,
      orderKey: shipment.external_shipment_id,
      shipDate: shipment.ship_date,
      shippingAmount: dollarsText(shipment.shipping_paid),
      taxAmount: dollarsText(shipment.tax_paid),
      storeId: storeId === null || storeId === undefined ? null : String(storeId),
    }),
  };
}

function shipToOf(shipTo: ShipStationV2Shipment["ship_to"]): ShipToAddress {
  return compactText({
    name: shipTo?.name,
    company: shipTo?.company_name,
    street1: shipTo?.address_line1,
    street2: shipTo?.address_line2,
    street3: shipTo?.address_line3,
    city: shipTo?.city_locality,
    state: shipTo?.state_province,
    postalCode: shipTo?.postal_code,
    country: shipTo?.country_code,
    phone: shipTo?.phone,
  });
}

function itemOf(item: NonNullable<ShipStationV2Shipment["items"]>[number]): OrderItem {
  const result: OrderItem = compactText({ sku: item.sku, name: item.name });
  if (typeof item.quantity === "number") result.quantity = item.quantity;
  const unitPrice = typeof item.unit_price === "number" ? item.unit_price : item.unit_price?.amount;
  if (typeof unitPrice === "number" && Number.isFinite(unitPrice)) result.unitPriceCents = dollarsToCents(unitPrice);
  return result;
}

/** `{currency, amount}` in cents; null when absent. V2 states amounts in dollars, as V1 does. */
function centsOf(money: V2Money | null | undefined): number | null {
  return typeof money?.amount === "number" && Number.isFinite(money.amount) ? dollarsToCents(money.amount) : null;
}

function dollarsText(money: V2Money | null | undefined): string | null {
  const cents = centsOf(money);
  return cents === null ? null : (cents / 100).toFixed(2);
}
