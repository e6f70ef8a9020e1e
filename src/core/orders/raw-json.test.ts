import { describe, expect, test } from "bun:test";
import type { StoredOrderRaw } from "./incoming-order.ts";
import { serializeStoredOrderRaw } from "./raw-json.ts";

describe("serializeStoredOrderRaw", () => {
  test("writes exactly what JSON.stringify writes, escapes included", () => {
    const samples: StoredOrderRaw[] = [
      { shipTo: {}, items: [], orderTotalCents: null, details: {} },
      {
        shipTo: { name: "Jane \"JJ\" Roe", company: "Smith, Jones & Co\\Labs", street1: "Suite 5\nBuilding B", city: "Zürich", phone: "tab\there" },
        items: [
          { sku: "CUP-12", name: "12-Panel Cup", quantity: 2, unitPriceCents: 1999 },
          { name: "Refund", unitPriceCents: -500 },
        ],
        orderTotalCents: 13500,
        details: { "Order - Status": "Shipped", "Notes - From Buyer": "emoji 😀 and \u2028 separator", Control: "\u0001" },
      },
    ];
    for (const raw of samples) {
      expect(serializeStoredOrderRaw(raw)).toBe(JSON.stringify(raw));
      expect(JSON.parse(serializeStoredOrderRaw(raw))).toEqual(JSON.parse(JSON.stringify(raw)));
    }
  });

  test("leaves out undefined fields as JSON.stringify does", () => {
    const raw: StoredOrderRaw = { shipTo: { name: "A", company: undefined }, items: [{ sku: undefined, quantity: 1 }], orderTotalCents: 5, details: {} };
    expect(serializeStoredOrderRaw(raw)).toBe(JSON.stringify(raw));
  });
});
