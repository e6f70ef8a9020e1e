import { describe, expect, test } from "bun:test";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import { OrderPacker, unpackOrders } from "./reader-messages.ts";

describe("OrderPacker and unpackOrders", () => {
  test("every field of a prepared order crosses threads as it was, nulls and non-ASCII text included", () => {
    const orders: PreparedOrder[] = [
      {
        source: "csv",
        externalId: "SO-1",
        orderNumber: "SO-1",
        store: "Amazon – US",
        shipstationOrderId: null,
        status: "awaiting_shipment",
        customerEmail: "a@clinic.com",
        placedAtMs: 1_775_000_000_000,
        totalCents: 13500,
        raw: new TextEncoder().encode('{"shipTo":{"name":"Zoë 😀"}}'),
        contentHash: "abc",
        customer: { company: "Café", name: "Zoë 😀", phone: undefined },
        lines: [
          { line: 0, sku: "CUP-12", quantity: 2, revenueCents: 3998, name: "Cup – 12 panel" },
          { line: 2, sku: "STRIP", quantity: 1, revenueCents: 0, name: undefined },
        ],
      },
      {
        source: "shipstation",
        externalId: "987654321",
        orderNumber: null,
        store: null,
        shipstationOrderId: 987_654_321,
        status: null,
        customerEmail: "b@lab.com",
        placedAtMs: 0,
        totalCents: null,
        raw: new TextEncoder().encode("{}"),
        contentHash: "def",
        customer: {},
        lines: [],
      },
    ];
    const packer = new OrderPacker(16);
    for (const order of orders) packer.add(order);
    expect(packer.orderCount).toBe(2);
    const unpacked = unpackOrders(packer.take());
    const plain = (order: PreparedOrder) => ({ ...order, raw: new TextDecoder().decode(order.raw), customer: { ...order.customer }, lines: order.lines.map((line) => ({ ...line })) });
    expect(unpacked.map(plain)).toEqual(orders.map(plain));
    expect(packer.orderCount).toBe(0);
  });
});
