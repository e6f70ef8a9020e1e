import { describe, expect, test } from "bun:test";
import type { StoredOrderRaw } from "./incoming-order.ts";
import { writeStoredOrderRaw } from "./raw-json.ts";
import { Utf8Writer } from "./utf8-writer.ts";

function serialized(raw: StoredOrderRaw): string {
  const out = new Utf8Writer(16);
  writeStoredOrderRaw(raw, out);
  return new TextDecoder().decode(out.view());
}

describe("writeStoredOrderRaw", () => {
  test("writes exactly what JSON.stringify writes, escapes included", () => {
    const samples: StoredOrderRaw[] = [
      { shipTo: {}, items: [], orderTotalCents: null, details: {} },
      {
        shipTo: { name: "Jane \"JJ\" Roe", company: "Smith, Jones & Co\\Labs", street1: "Suite 5\nBuilding B", city: "Zürich", phone: "tab\there" },
        items: [
          { sku: "CUP-12", name: "12-Panel Cup", quantity: 2, unitPriceCents: 1999 },
          { name: "Refund", unitPriceCents: -500 },
          { sku: "BIG", quantity: 9_007_199_254_740_991, unitPriceCents: 0 },
        ],
        orderTotalCents: 13500,
        details: {
          "Order - Status": "Shipped",
          "Notes - From Buyer": "emoji 😀 and \u2028 separator, 日本, FedEx Ground®",
          Control: "\u0001\b\f\r\u001f",
          "Lone surrogates": "\ud800 and \udfff",
          "2024": "an integer-like key goes first, as in JSON.stringify",
        },
      },
    ];
    for (const raw of samples) expect(serialized(raw)).toBe(JSON.stringify(raw));
  });

  test("leaves out undefined fields and writes numbers as JSON does", () => {
    const raw: StoredOrderRaw = { shipTo: { name: "A", company: undefined }, items: [{ sku: undefined, quantity: 1 }, { quantity: -0 }, { quantity: 1.5 }, { quantity: Number.NaN }, { quantity: 1e21 }], orderTotalCents: -7, details: {} };
    expect(serialized(raw)).toBe(JSON.stringify(raw));
  });
});

describe("Utf8Writer", () => {
  test("writes text as TextEncoder encodes it", () => {
    for (const text of ["plain", "Zürich ® 日本 😀", "lone \ud800 surrogate", "\udc00 low first", ""]) {
      const out = new Utf8Writer(1);
      out.text(text);
      expect([...out.view()]).toEqual([...new TextEncoder().encode(text)]);
    }
  });
});
