import { describe, expect, test } from "bun:test";
import type { IncomingOrder } from "./incoming-order.ts";
import { prepareOrder, withEarlierItems } from "./prepared-order.ts";

const order: IncomingOrder = {
  source: "csv",
  externalId: "SO-1",
  orderNumber: "SO-1",
  store: null,
  shipstationOrderId: null,
  status: null,
  customerEmail: "zoë@clinic.com",
  placedAt: new Date("2026-04-02T14:39:21Z"),
  totalCents: 13_500,
  shipTo: { name: "Zoë Müller", company: "Smith, Jones & Co" },
  items: [{ sku: "CUP-12", quantity: 2, unitPriceCents: 1999 }],
  details: { Carrier: "FedEx Ground®" },
};
const rawText = (raw: Uint8Array) => new TextDecoder().decode(raw);
/** The fingerprint as earlier versions computed it from strings: databases they wrote must still match. */
const stringFingerprint = (raw: string, orderNumber = order.orderNumber) =>
  Bun.hash(`${order.customerEmail}\u0000${orderNumber ?? ""}\u0000${order.placedAt.getTime()}\u0000${raw}`).toString(36);

describe("prepareOrder", () => {
  test("stores what JSON.stringify writes, fingerprinted as earlier versions did", () => {
    const prepared = prepareOrder(order);
    const expected = JSON.stringify({ shipTo: order.shipTo, items: order.items, orderTotalCents: order.totalCents, details: order.details });
    expect(rawText(prepared.raw)).toBe(expected);
    expect(prepared.contentHash).toBe(stringFingerprint(expected));
    expect(prepareOrder({ ...order, orderNumber: null }).contentHash).toBe(stringFingerprint(expected, null));
  });

  test("an order continued from earlier rows lists the earlier items first, and is fingerprinted again", () => {
    const continued = withEarlierItems(prepareOrder(order), [{ sku: "STRIP" }]);
    const expected = JSON.stringify({ shipTo: order.shipTo, items: [{ sku: "STRIP" }, ...order.items], orderTotalCents: order.totalCents, details: order.details });
    expect(rawText(continued.raw)).toBe(expected);
    expect(continued.contentHash).toBe(stringFingerprint(expected));
  });
});
