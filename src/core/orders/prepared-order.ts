import type { IncomingOrder, OrderItem, StoredOrderRaw } from "./incoming-order.ts";
import { writeStoredOrderRaw } from "./raw-json.ts";
import { Utf8Writer } from "./utf8-writer.ts";

/**
 * An order in the form it is stored: its raw JSON written and fingerprinted. That is most of the work of
 * recording an order and needs no database, so a reader can prepare orders on its own thread (the CSV
 * import does) while the recording writes earlier ones.
 */
export interface PreparedOrder extends Pick<IncomingOrder, "source" | "externalId" | "orderNumber" | "store" | "shipstationOrderId" | "status" | "totalCents" | "placedAtIsCreation"> {
  /** '' where the source gave none, as orders.customer_email keeps it. */
  customerEmail: string;
  placedAtMs: number;
  /** orders.raw as UTF-8 JSON. */
  raw: Uint8Array;
  contentHash: string;
  /** Whom an account is named after when the order's e-mail is new. */
  customer: CustomerDetails;
  /** Its items with a SKU, as order_lines holds them (linesOf). */
  lines: OrderLine[];
}

/**
 * An item of an order with a SKU, as order_lines stores it for analytics, and the product name it gives
 * (product_names keeps the name each SKU was last recorded with).
 */
export interface OrderLine {
  /** The item's place among all the order's items, those without a SKU included. */
  line: number;
  sku: string;
  /** A line without a quantity is one unit. */
  quantity: number;
  /** Quantity × unit price. */
  revenueCents: number;
  name: string | undefined;
}

/** The ship-to fields an account and its primary contact are made from. */
export interface CustomerDetails {
  company?: string;
  name?: string;
  phone?: string;
}

/** The fields of an order its fingerprint covers besides orders.raw. */
export type FingerprintedFields = Pick<PreparedOrder, "customerEmail" | "orderNumber" | "placedAtMs">;

/** Where writeOrder put orders.raw in its writer, and the order's fingerprint. */
export interface WrittenOrder {
  rawStart: number;
  rawEnd: number;
  contentHash: string;
}

export function prepareOrder(order: IncomingOrder): PreparedOrder {
  const { shipTo } = order;
  const fields = { customerEmail: order.customerEmail ?? "", orderNumber: order.orderNumber, placedAtMs: order.placedAt.getTime() };
  const out = new Utf8Writer(1024);
  const written = writeOrder(fields, storedRawOf(order), out);
  return {
    source: order.source,
    externalId: order.externalId,
    store: order.store,
    shipstationOrderId: order.shipstationOrderId,
    status: order.status,
    ...fields,
    totalCents: order.totalCents,
    ...(order.placedAtIsCreation && { placedAtIsCreation: true }),
    raw: out.view(written.rawStart, written.rawEnd),
    contentHash: written.contentHash,
    customer: { company: shipTo.company, name: shipTo.name, phone: shipTo.phone },
    lines: linesOf(order.items),
  };
}

/** The one rule for what an order's lines are, whichever way its items came (the CSV reader adds them one by one with lineOf). */
export function linesOf(items: readonly OrderItem[]): OrderLine[] {
  const lines: OrderLine[] = [];
  items.forEach((item, index) => {
    const line = lineOf(index, item.sku, item.name, item.quantity, item.unitPriceCents);
    if (line) lines.push(line);
  });
  return lines;
}

export function lineOf(line: number, sku: string | undefined, name: string | undefined, quantity = 1, unitPriceCents = 0): OrderLine | undefined {
  const trimmedSku = sku?.trim();
  if (!trimmedSku) return undefined;
  return { line, sku: trimmedSku, quantity, revenueCents: quantity * unitPriceCents, name: name?.trim() || undefined };
}

export function storedRawOf(order: IncomingOrder): StoredOrderRaw {
  return { shipTo: order.shipTo, items: order.items, orderTotalCents: order.totalCents, details: order.details };
}

/**
 * Writes orders.raw into `out` and fingerprints it together with the other stored fields: everything
 * stored about an order, so equal fingerprints mean nothing to write.
 */
export function writeOrder(fields: FingerprintedFields, raw: StoredOrderRaw, out: Utf8Writer): WrittenOrder {
  const start = out.length;
  writeFingerprintedFields(fields, out);
  const rawStart = out.length;
  writeStoredOrderRaw(raw, out);
  return { rawStart, rawEnd: out.length, contentHash: fingerprintOf(out.view(start)) };
}

/**
 * The fields go into the writer just ahead of orders.raw, so that fingerprintOf hashes both in one pass.
 * Bun.hash of UTF-8 bytes equals Bun.hash of the text they encode, so this is the fingerprint of
 * `${email}\0${orderNumber}\0${placedAtMs}\0${raw}` that earlier versions stored.
 */
export function writeFingerprintedFields(fields: FingerprintedFields, out: Utf8Writer): void {
  out.text(fields.customerEmail);
  out.ascii("\u0000");
  out.text(fields.orderNumber ?? "");
  out.ascii("\u0000");
  out.jsonNumber(fields.placedAtMs);
  out.ascii("\u0000");
}

/** The fingerprint of what writeFingerprintedFields and the order's raw JSON wrote. */
export function fingerprintOf(written: Uint8Array): string {
  return Bun.hash(written).toString(36);
}

/** The order with `earlierItems` listed before its own: an export that lists an order's item rows apart from each other. */
export function withEarlierItems(order: PreparedOrder, earlierItems: OrderItem[]): PreparedOrder {
  const stored = JSON.parse(new TextDecoder().decode(order.raw)) as StoredOrderRaw;
  const out = new Utf8Writer(order.raw.length * 2);
  const items = [...earlierItems, ...stored.items];
  const written = writeOrder(order, { ...stored, items }, out);
  return { ...order, raw: out.view(written.rawStart, written.rawEnd), contentHash: written.contentHash, lines: linesOf(items) };
}
