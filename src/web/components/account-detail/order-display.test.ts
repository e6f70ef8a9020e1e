import { describe, expect, test } from "bun:test";
import { ROW_ORDER_ID_PREFIX, shownOrderNumber, type Order } from "../../api/account-detail";
import { pageRange } from "../../ui/paging";
import {
  clampPage,
  deliveryTimes,
  displayedOrderTotal,
  leftOutOrderCount,
  ORDER_STATUS_FILTER_OPTIONS,
  orderItemSummary,
  orderPrice,
  orderQuantity,
  ordersTotalsLine,
  orderStatusBadge,
  orderTitle,
  ORDERS_PAGE_SIZE,
  shipToLines,
  statusOfFilter,
} from "./order-display";

function order(overrides: Partial<Order> = {}, raw: Partial<Order["raw"]> = {}): Order {
  return {
    id: 41,
    source: "csv",
    externalId: "SS-9001",
    orderNumber: "SO-100100",
    store: "Main Web Store",
    status: "shipped",
    counts: true,
    placedAt: "2026-03-02T15:00:00.000Z",
    createdAt: "2026-03-05T10:00:00.000Z",
    total: 104.95,
    raw: { shipTo: {}, items: [], orderTotal: 99.5, details: {}, ...raw },
    ...overrides,
  };
}

describe("shownOrderNumber", () => {
  test("prefers the order number, then the source's id", () => {
    expect(shownOrderNumber(order())).toBe("SO-100100");
    expect(shownOrderNumber(order({ orderNumber: null }))).toBe("SS-9001");
    expect(shownOrderNumber(order({ orderNumber: "" }))).toBe("SS-9001");
  });

  test("a file's row without an order number has none to show, its id being a hash of the row", () => {
    const fromRow = order({ orderNumber: null, externalId: `${ROW_ORDER_ID_PREFIX}3hqudcfexi` });
    expect(shownOrderNumber(fromRow)).toBeNull();
    expect(orderTitle(fromRow)).toBe("Order without a number");
    expect(orderTitle(order())).toBe("Order SO-100100");
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

  test("a one-line order's price is its unit price", () => {
    expect(orderPrice(order({}, { items: [items[0]!] }))).toEqual({ kind: "unit", dollars: 62.5 });
    expect(orderPrice(order({}, { items: [{ sku: "CUP-FREE", unitPrice: 0 }] }))).toEqual({ kind: "unit", dollars: 0 });
  });

  test("an order of several lines has no one price: it counts its lines", () => {
    expect(orderPrice(order({}, { items }))).toEqual({ kind: "lines", lineCount: 3 });
  });

  test("no price without items or without the line's price", () => {
    expect(orderPrice(order())).toEqual({ kind: "none" });
    expect(orderPrice(order({}, { items: [{ sku: "GLV-M", unitPrice: null }] }))).toEqual({ kind: "none" });
  });
});

describe("order status", () => {
  test("each status has its label and a tone; none given, no badge", () => {
    expect(orderStatusBadge("shipped")).toEqual({ label: "Shipped", tone: "green" });
    expect(orderStatusBadge("cancelled")).toEqual({ label: "Cancelled", tone: "grey" });
    expect(orderStatusBadge("rejected_fulfillment")).toEqual({ label: "Rejected Fulfillment", tone: "red" });
    expect(orderStatusBadge("awaiting_shipment")).toEqual({ label: "Awaiting Shipment", tone: "blue" });
    expect(orderStatusBadge(null)).toBeNull();
  });

  test("the filter offers all statuses first, then each one by its label", () => {
    expect(ORDER_STATUS_FILTER_OPTIONS[0]).toEqual({ value: "", label: "All statuses" });
    expect(ORDER_STATUS_FILTER_OPTIONS.map((option) => option.label)).toContain("On Hold");
    expect(ORDER_STATUS_FILTER_OPTIONS).toHaveLength(8);
  });

  test("a filter's value names its status; all statuses and anything else name none", () => {
    expect(statusOfFilter("cancelled")).toBe("cancelled");
    expect(statusOfFilter("")).toBeUndefined();
    expect(statusOfFilter("lost")).toBeUndefined();
  });
});

describe("orders left out", () => {
  test("all the orders listed less the counted ones", () => {
    expect(leftOutOrderCount(13, 12)).toBe(1);
    expect(leftOutOrderCount(12, 12)).toBe(0);
  });

  test("never below zero, when the list and the account were read either side of a new order", () => {
    expect(leftOutOrderCount(12, 13)).toBe(0);
  });

  test("the totals line says how many were left out, only when some were", () => {
    const account = { orderCount: 12, totalOrderValue: 4210.55 };
    expect(ordersTotalsLine(account, 13)).toBe("12 orders · $4,210.55 total · 1 cancelled or rejected not counted");
    expect(ordersTotalsLine(account, 12)).toBe("12 orders · $4,210.55 total");
    expect(ordersTotalsLine(account, undefined)).toBe("12 orders · $4,210.55 total");
    expect(ordersTotalsLine({ orderCount: 0, totalOrderValue: 0 }, 2)).toBe("0 orders · $0.00 total · 2 cancelled or rejected not counted");
  });
});

describe("deliveryTimes", () => {
  test("one time when the route brought the order once, in New York", () => {
    expect(deliveryTimes({ firstAt: "2026-04-02T14:39:00.000Z", lastAt: "2026-04-02T14:39:00.000Z" })).toBe("04/02/2026, 10:39 AM");
  });

  test("first and last when it came again", () => {
    expect(deliveryTimes({ firstAt: "2026-04-02T14:39:00.000Z", lastAt: "2026-04-05T18:05:00.000Z" })).toBe("first 04/02/2026, 10:39 AM · last 04/05/2026, 2:05 PM");
  });
});

describe("shipToLines", () => {
  test("prints a full address on seven lines", () => {
    expect(
      shipToLines({
        name: "Dr. Brenda Jones",
        company: "Granite Urgent Care",
        street1: "2976 Madison Hwy",
        street2: "Suite 4",
        street3: "Dock B",
        city: "San Antonio",
        state: "TX",
        postalCode: "78218",
        country: "US",
        phone: "+1 210-555-0158",
      }),
    ).toEqual(["Dr. Brenda Jones", "Granite Urgent Care", "2976 Madison Hwy", "Suite 4", "Dock B", "San Antonio, TX 78218", "US"]);
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
