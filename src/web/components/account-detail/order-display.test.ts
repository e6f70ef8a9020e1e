import { describe, expect, test } from "bun:test";
import type { Order } from "../../api/account-detail";
import { pageRange } from "../accounts/account-list-view";
import {
  clampPage,
  displayedOrderNumber,
  displayedOrderTotal,
  orderItemSummary,
  orderQuantity,
  orderUnitPrice,
  ORDERS_PAGE_SIZE,
  shipToLines,
} from "./order-display";

function order(overrides: Partial<Order> = {}, raw: Partial<Order["raw"]> = {}): Order {
  return {
    id: 41,
    source: "csv",
    externalId: "SS-9001",
    orderNumber: "SO-100100",
    placedAt: "2026-03-02T15:00:00.000Z",
    createdAt: "2026-03-05T10:00:00.000Z",
    total: 104.95,
    raw: { shipTo: {}, items: [], orderTotal: 99.5, details: {}, ...raw },
    ...overrides,
  };
}

describe("displayedOrderNumber", () => {
  test("prefers the order number, then the source's id", () => {
    expect(displayedOrderNumber(order())).toBe("SO-100100");
    expect(displayedOrderNumber(order({ orderNumber: null }))).toBe("SS-9001");
    expect(displayedOrderNumber(order({ orderNumber: "" }))).toBe("SS-9001");
  });
});

describe("displayedOrderTotal", () => {
  test("prefers the order's total over the payload's", () => {
    expect(displayedOrderTotal(order())).toBe(104.95);
    expect(displayedOrderTotal(order({ total: null }))).toBe(99.5);
    expect(displayedOrderTotal(order({ total: null }, { orderTotal: null }))).toBeNull();
  });

  test("a total of zero is a total", () => {
    expect(displayedOrderTotal(order({ total: 0 }))).toBe(0);
  });
});

describe("order items", () => {
  const items = [
    { sku: "CUP-05P-25", name: "5-Panel Drug Test Cup, 25/box", quantity: 5, unitPrice: 62.5 },
    { sku: "CCF-5P-100", quantity: 1, unitPrice: 65 },
    { sku: "GLV-M", unitPrice: null },
  ];

  test("names the first item and counts the others", () => {
    expect(orderItemSummary(order({}, { items }))).toEqual({ firstItem: "5-Panel Drug Test Cup, 25/box", moreCount: 2 });
  });

  test("falls back to the SKU, and to nothing without items", () => {
    expect(orderItemSummary(order({}, { items: [{ sku: "GLV-M", unitPrice: null }] }))).toEqual({ firstItem: "GLV-M", moreCount: 0 });
    expect(orderItemSummary(order())).toEqual({ firstItem: null, moreCount: 0 });
  });

  test("adds up the quantities given", () => {
    expect(orderQuantity(order({}, { items }))).toBe(6);
    expect(orderQuantity(order({}, { items: [{ sku: "GLV-M", unitPrice: null }] }))).toBeNull();
  });

  test("takes the first item's price", () => {
    expect(orderUnitPrice(order({}, { items }))).toBe(62.5);
    expect(orderUnitPrice(order())).toBeNull();
  });
});

describe("shipToLines", () => {
  test("prints a full address on six lines", () => {
    expect(
      shipToLines({
        name: "Dr. Brenda Jones",
        company: "Granite Urgent Care",
        street1: "2976 Madison Hwy",
        street2: "Suite 4",
        city: "San Antonio",
        state: "TX",
        postalCode: "78218",
        country: "US",
        phone: "+1 210-555-0158",
      }),
    ).toEqual(["Dr. Brenda Jones", "Granite Urgent Care", "2976 Madison Hwy", "Suite 4", "San Antonio, TX 78218", "US"]);
  });

  test("leaves out what is missing", () => {
    expect(shipToLines({ name: "Ann Lee", street2: " ", state: "OH" })).toEqual(["Ann Lee", "OH"]);
    expect(shipToLines({})).toEqual([]);
  });
});

describe("order pages", () => {
  test("five orders a page", () => {
    expect(pageRange(1, 21, ORDERS_PAGE_SIZE)).toEqual({ from: 1, to: 5, pageCount: 5 });
    expect(pageRange(5, 21, ORDERS_PAGE_SIZE)).toEqual({ from: 21, to: 21, pageCount: 5 });
    expect(pageRange(1, 5, ORDERS_PAGE_SIZE)).toEqual({ from: 1, to: 5, pageCount: 1 });
  });

  test("a page past the end shows the last page", () => {
    expect(clampPage(7, 5)).toBe(5);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
});
