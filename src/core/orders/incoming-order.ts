import type { OrderSource, OrderStatus } from "../../contracts/orders.ts";

export interface ShipToAddress {
  name?: string;
  company?: string;
  street1?: string;
  street2?: string;
  street3?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
}

export interface OrderItem {
  sku?: string;
  name?: string;
  quantity?: number;
  unitPriceCents?: number;
}

/** An order as any source delivers it, before it is stored: the one shape the CSV import, webhook and backfill share. */
export interface IncomingOrder {
  source: OrderSource;
  externalId: string;
  orderNumber: string | null;
  /** The order's identity besides its number (core/orders/order-identity.ts); null where the source does not say. */
  store: string | null;
  shipstationOrderId: number | null;
  status: OrderStatus | null;
  /**
   * Normalised (trimmed, lower-cased): the account's key. Null where the source gave none (ShipStation's
   * API may not): the order then waits among the unmatched orders unless it is known already.
   */
  customerEmail: string | null;
  placedAt: Date;
  /**
   * The source knows only when ShipStation created the order, not when it was placed (the V2 API): a new
   * order takes that time, and one stored with its own date keeps it.
   */
  placedAtIsCreation?: true;
  /** Null where the source does not say (the V2 API may not): an order stored with a total keeps it. */
  totalCents: number | null;
  shipTo: ShipToAddress;
  items: OrderItem[];
  /** Every other field the source sent, kept as it came. */
  details: Record<string, string>;
}

/** What is stored in orders.raw. */
export interface StoredOrderRaw {
  shipTo: ShipToAddress;
  items: OrderItem[];
  orderTotalCents: number | null;
  details: Record<string, string>;
}
