import type { IncomingOrder, OrderItem, OrderSource, StoredOrderRaw } from "./incoming-order.ts";
import { serializeStoredOrderRaw } from "./raw-json.ts";

/**
 * An order in the form it is stored: its raw JSON written and fingerprinted. That is most of the work of
 * recording an order and needs no database, so a reader can prepare orders on its own thread (the CSV
 * import does) while the recording writes earlier ones.
 */
export interface PreparedOrder {
  source: OrderSource;
  externalId: string;
  orderNumber: string | null;
  customerEmail: string;
  placedAtMs: number;
  totalCents: number | null;
  /** orders.raw */
  raw: string;
  contentHash: string;
  /** Whom a new account is named after. Only needed the first time a recording meets the e-mail, so a reader may leave it out after that. */
  customer?: CustomerDetails;
}

/** The ship-to fields an account and its primary contact are made from. */
export interface CustomerDetails {
  company?: string;
  name?: string;
  phone?: string;
}

export function prepareOrder(order: IncomingOrder, options: { withCustomer?: boolean } = {}): PreparedOrder {
  const { shipTo } = order;
  const raw = serializeStoredOrderRaw({ shipTo, items: order.items, orderTotalCents: order.totalCents, details: order.details });
  const prepared: PreparedOrder = {
    source: order.source,
    externalId: order.externalId,
    orderNumber: order.orderNumber,
    customerEmail: order.customerEmail,
    placedAtMs: order.placedAt.getTime(),
    totalCents: order.totalCents,
    raw,
    contentHash: "",
  };
  prepared.contentHash = fingerprint(prepared, raw);
  if (options.withCustomer !== false) prepared.customer = { company: shipTo.company, name: shipTo.name, phone: shipTo.phone };
  return prepared;
}

/** The order with `earlierItems` listed before its own: an export that lists an order's item rows apart from each other. */
export function withEarlierItems(order: PreparedOrder, earlierItems: OrderItem[]): PreparedOrder {
  const stored = JSON.parse(order.raw) as StoredOrderRaw;
  const raw = serializeStoredOrderRaw({ ...stored, items: [...earlierItems, ...stored.items] });
  return { ...order, raw, contentHash: fingerprint(order, raw) };
}

/** Everything stored about an order; equal fingerprints mean nothing to write. */
function fingerprint(order: PreparedOrder, raw: string): string {
  return Bun.hash(`${order.customerEmail}\u0000${order.orderNumber ?? ""}\u0000${order.placedAtMs}\u0000${raw}`).toString(36);
}
